import { messages } from '@hh/contract/messages';
import type { Actor } from '../auth/actor.ts';
import type { Deps } from '../core/deps.ts';
import { loadCandidateClient } from './access.ts';
import { recordCandidateEvent } from './events.ts';
import { loadCandidateRow } from './get-candidate.ts';
import { hydrateCandidates } from './serialize.ts';

/** `POST api/crm/forward-profile`: emails the profile (and the latest resume, attached) to colleagues. */
export async function forwardProfile(
  deps: Pick<Deps, 'db' | 'mail' | 'config'>,
  opts: { actor: Actor; clientId: string; candidateId: string; to: string[]; message?: string; includeResume: boolean },
) {
  const client = await loadCandidateClient(deps.db, opts.actor, opts.clientId);
  const row = await loadCandidateRow(deps.db, opts.clientId, opts.candidateId);
  const [c] = await hydrateCandidates(deps.db, opts.clientId, null, [row]);
  const resume = c.files.find((f) => f.kind === 'resume');
  const where = [c.address.city, c.address.state].filter(Boolean).join(', ');
  const text = [
    `${opts.actor.email} forwarded a candidate of ${client.name} to you.`,
    opts.message ? `\n${opts.message}\n` : '',
    `${c.firstName} ${c.lastName}`,
    `Email: ${c.email}`,
    `Phone: ${c.phone ?? '-'}`,
    where ? `Location: ${where}` : '',
    `Status: ${c.status}`,
    c.skills.length ? `Skills: ${c.skills.join(', ')}` : '',
    c.applications.length ? `Applied for: ${c.applications.map((a) => a.jobTitle).join(', ')}` : '',
    '',
    `Open the profile: ${deps.config.publicUrl}/harvest/cultivate/candidates?candidate=${c._id}`,
  ]
    .filter((l) => l !== '')
    .join('\n');
  const attachments = opts.includeResume && resume ? [{ filename: resume.name, storageKey: resume.blobPath, contentType: resume.contentType }] : [];
  const ids: string[] = [];
  await deps.db.transaction(async (tx) => {
    for (const to of [...new Set(opts.to.map((x) => x.toLowerCase()))])
      ids.push(await deps.mail.send({ to, clientId: opts.clientId, subject: `Candidate: ${c.firstName} ${c.lastName}`, text, attachments }, tx));
    await recordCandidateEvent(tx, {
      clientId: opts.clientId,
      candidateId: c._id,
      actor: opts.actor,
      type: 'forward',
      data: { to: opts.to, resume: !!attachments.length },
    });
  });
  for (const id of ids) await deps.mail.deliver(id);
  return { message: messages.recruiting.emailSent };
}
