import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export interface NewApplicationNotice {
  clientId: string;
  job: { id: string; title: string; referenceNumber: string; recruiterEmail: string | null; recruitersAssigned: string[] };
  candidate: { id: string; firstName: string; lastName: string; email: string; phone: string | null };
  answers: Array<{ question: string; answer: string }>;
  resume: { filename: string; storageKey: string; contentType: string } | null;
  updated: boolean;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

/**
 * Who hears about a new application (issue 12): the job's recruiters (recruiterEmail and
 * recruitersAssigned); when none is set, the client's users with rights to candidates now — active
 * staff of the client with harvest or cultivate member or above, and the recruiters who manage it.
 */
export async function applicationRecipients(app: FastifyInstance, clientId: string, job: NewApplicationNotice['job']): Promise<string[]> {
  const direct = [job.recruiterEmail, ...job.recruitersAssigned].filter((x): x is string => !!x && x.includes('@')).map((x) => x.trim().toLowerCase());
  if (direct.length) return [...new Set(direct)];
  const r = await app.db.execute<{ email: string }>(sql`
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
 * answers and the resume attached) and a confirmation to the applicant in the client's branding.
 */
export async function notifyNewApplication(app: FastifyInstance, n: NewApplicationNotice): Promise<void> {
  const client = (await app.db.execute<{ name: string; logo: string | null }>(sql`SELECT name, logo FROM clients WHERE id = ${n.clientId}`)).rows[0] ?? {
    name: 'our team',
    logo: null,
  };
  const name = `${n.candidate.firstName} ${n.candidate.lastName}`.trim();
  const link = `${app.config.publicUrl}/harvest/cultivate/candidates?candidate=${n.candidate.id}`;
  const lines = [
    `${name} ${n.updated ? 'updated their application' : 'applied'} for ${n.job.title} (${n.job.referenceNumber}).`,
    '',
    `Email: ${n.candidate.email}`,
    `Phone: ${n.candidate.phone || '-'}`,
    ...n.answers.map((a) => `${a.question} ${a.answer}`),
    '',
    `Open the application: ${link}`,
  ];
  for (const to of await applicationRecipients(app, n.clientId, n.job)) {
    await app.mail.send({
      to,
      clientId: n.clientId,
      subject: `New application: ${n.job.title}`,
      text: lines.join('\n'),
      attachments: n.resume ? [n.resume] : [],
    });
  }
  if (n.updated) return;
  const logoUrl = client.logo?.startsWith('/') ? `${app.config.publicUrl}${client.logo}` : client.logo;
  const logo = logoUrl && /^https?:\/\//.test(logoUrl) ? `<p><img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(client.name)}" height="48"></p>` : '';
  const text = `Hello ${n.candidate.firstName},\n\nThank you for applying for ${n.job.title} at ${client.name}. We have received your application and will be in touch.\n\n${client.name}`;
  await app.mail.send({
    to: n.candidate.email,
    clientId: n.clientId,
    subject: `${client.name}: we received your application for ${n.job.title}`,
    text,
    html: `${logo}<p>Hello ${escapeHtml(n.candidate.firstName)},</p><p>Thank you for applying for <strong>${escapeHtml(n.job.title)}</strong> at ${escapeHtml(client.name)}. We have received your application and will be in touch.</p><p>${escapeHtml(client.name)}</p>`,
  });
}
