import { sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { loadBranding, renderMail } from '../mail/index.ts';

export interface NewApplicationNotice {
  clientId: string;
  job: { id: string; title: string; referenceNumber: string; recruiterEmail: string | null; recruitersAssigned: string[] };
  candidate: { id: string; firstName: string; lastName: string; email: string; phone: string | null };
  answers: Array<{ question: string; answer: string }>;
  resume: { filename: string; storageKey: string; contentType: string } | null;
  updated: boolean;
}

/**
 * Who hears about a new application (decision 0012): the job's recruiters (recruiterEmail and
 * recruitersAssigned); when none is set, the client's users with rights to candidates now — active
 * staff of the client with harvest or cultivate member or above, and the recruiters who manage it.
 */
export async function applicationRecipients(deps: Pick<Deps, 'db'>, clientId: string, job: NewApplicationNotice['job']): Promise<string[]> {
  const direct = [job.recruiterEmail, ...job.recruitersAssigned].filter((x): x is string => !!x && x.includes('@')).map((x) => x.trim().toLowerCase());
  if (direct.length) return [...new Set(direct)];
  const r = await deps.db.execute<{ email: string }>(sql`
    SELECT lower(u.email) AS email FROM users u
     WHERE u.status = 'Active' AND (
       (u.user_type_global = 'user' AND u.client_id = ${clientId}
         AND (u.user_type_harvest IN ('member', 'editor', 'admin') OR u.user_type_cultivate IN ('member', 'editor', 'admin')))
       OR (u.user_type_global = 'recruiter' AND EXISTS (
         SELECT 1 FROM clients c WHERE c.id = ${clientId} AND (c.created_by = u.id OR u.id = ANY(c.account_managers)))))
     ORDER BY 1 LIMIT 50`);
  return r.rows.map((x) => x.email);
}

/**
 * Emails on each new application, through the outbox and the queue: the recruiters (with the
 * answers and the resume attached) and a confirmation to the applicant, both in the client's branding
 * (mail/templates: newApplication, applicationReceived).
 */
export async function notifyNewApplication(deps: Pick<Deps, 'db' | 'mail' | 'config'>, n: NewApplicationNotice): Promise<void> {
  const branding = await loadBranding(deps, { clientId: n.clientId, publicUrl: deps.config.publicUrl });
  const recruiterMail = await renderMail(
    'newApplication',
    {
      candidate: { firstName: n.candidate.firstName, lastName: n.candidate.lastName, email: n.candidate.email, phoneNumber: n.candidate.phone },
      updated: n.updated,
      job: { title: n.job.title, referenceNumber: n.job.referenceNumber },
      answers: n.answers,
      link: `${deps.config.publicUrl}/harvest/cultivate/candidates?candidate=${n.candidate.id}`,
      withResume: !!n.resume,
    },
    branding,
  );
  for (const to of await applicationRecipients(deps, n.clientId, n.job)) {
    await deps.mail.send({ to, clientId: n.clientId, ...recruiterMail, attachments: n.resume ? [n.resume] : [] });
  }
  if (n.updated) return;
  const confirmation = await renderMail('applicationReceived', { firstName: n.candidate.firstName, jobTitle: n.job.title }, branding);
  await deps.mail.send({ to: n.candidate.email, clientId: n.clientId, ...confirmation });
}
