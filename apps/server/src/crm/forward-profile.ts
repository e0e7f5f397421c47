import { messages } from '@hh/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor.ts';
import { loadCandidateClient } from './access.ts';
import { recordCandidateEvent } from './events.ts';
import { loadCandidateRow } from './get-candidate.ts';
import { hydrateCandidates } from './serialize.ts';

/** `POST api/crm/forward-profile`: emails the profile (and the latest resume, attached) to colleagues. */
export async function forwardProfile(
  app: FastifyInstance,
  opts: { actor: Actor; clientId: string; candidateId: string; to: string[]; message?: string; includeResume: boolean },
) {
  const client = await loadCandidateClient(app.db, opts.actor, opts.clientId);
  const row = await loadCandidateRow(app.db, opts.clientId, opts.candidateId);
  const [c] = await hydrateCandidates(app.db, opts.clientId, null, [row]);
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
    `Open the profile: ${app.config.publicUrl}/harvest/cultivate/candidates?candidate=${c._id}`,
  ]
    .filter((l) => l !== '')
    .join('\n');
  const attachments = opts.includeResume && resume ? [{ filename: resume.name, storageKey: resume.blobPath, contentType: resume.contentType }] : [];
  const ids: string[] = [];
  await app.db.transaction(async (tx) => {
    for (const to of [...new Set(opts.to.map((x) => x.toLowerCase()))])
      ids.push(await app.mail.send({ to, clientId: opts.clientId, subject: `Candidate: ${c.firstName} ${c.lastName}`, text, attachments }, tx));
    await recordCandidateEvent(tx, {
      clientId: opts.clientId,
      candidateId: c._id,
      actor: opts.actor,
      type: 'forward',
      data: { to: opts.to, resume: !!attachments.length },
    });
  });
  for (const id of ids) await app.mail.deliver(id);
  return { message: messages.recruiting.emailSent };
}
