import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import { checkLimit, type Limit, recordEvent } from '../core/security/rate-events.ts';
import type { Tx } from '../db/client.ts';
import { recordCandidateEvent } from './events.ts';
import { loadCandidateRow } from './get-candidate.ts';
import { CANDIDATE_EDITORS, CANDIDATE_READERS } from './rights.ts';
import { hydrateCandidates } from './serialize.ts';

/** The forwarding limits (config FORWARD_RECIPIENTS_PER_USER_HOUR and …_PER_CLIENT_DAY), counted in recipients. */
export function forwardLimits(config: Deps['config']): { user: Limit; client: Limit } {
  return {
    user: { bucket: 'forward-profile-user', max: config.FORWARD_RECIPIENTS_PER_USER_HOUR, windowSeconds: 3600 },
    client: { bucket: 'forward-profile-client', max: config.FORWARD_RECIPIENTS_PER_CLIENT_DAY, windowSeconds: 86_400 },
  };
}

/**
 * Checks and counts `n` more recipients against the sender's hourly and the client's daily limit
 * (429 with Retry-After when either would be passed). Both counters are locked for the rest of the
 * transaction, so parallel calls cannot all pass the check before any of them is counted.
 */
async function countRecipients(tx: Tx, config: Deps['config'], actorId: string, clientId: string, n: number) {
  const l = forwardLimits(config);
  // Always the user's lock first, then the client's: two calls never wait for each other in a circle.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${l.user.bucket}:${actorId}`}))`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${l.client.bucket}:${clientId}`}))`);
  await checkLimit(tx, l.user, actorId, messages.crm.forwardTooManyPerUser(l.user.max), 'forward', n);
  await checkLimit(tx, l.client, clientId, messages.crm.forwardTooManyPerClient(l.client.max), 'forward', n);
  await recordEvent(tx, l.user, actorId, n);
  await recordEvent(tx, l.client, clientId, n);
}

/**
 * `POST api/crm/forward-profile`: emails the profile (and the latest resume, attached) to colleagues.
 * It sends personal data to addresses the sender chooses, so (docs/permissions.md "Candidates") it
 * needs harvest or cultivate editor, the recipients are counted against per-user and per-client
 * limits, and every forward is in the activity log (who, which candidate, how many recipients).
 */
export const forwardProfile: Operation<typeof r.forwardProfile, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  requireRight(input.actor, CANDIDATE_EDITORS, 'forward');
  const opts = { ...input, clientId: client.id };
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
  const recipients = [...new Set(opts.to.map((x) => x.trim().toLowerCase()))];
  await deps.db.transaction(async (tx) => {
    await countRecipients(tx, deps.config, opts.actor.id, opts.clientId, recipients.length);
    for (const to of recipients)
      ids.push(await deps.mail.send({ to, clientId: opts.clientId, subject: `Candidate: ${c.firstName} ${c.lastName}`, text, attachments }, tx));
    await logActivity(tx, {
      actor: opts.actor,
      clientId: opts.clientId,
      action: 'forward-profile',
      entity: 'candidate',
      entityId: c._id,
      changes: { recipients: recipients.length, resume: !!attachments.length, message: !!opts.message },
    });
    await recordCandidateEvent(
      { db: tx },
      {
        clientId: opts.clientId,
        candidateId: c._id,
        actor: opts.actor,
        type: 'forward',
        data: { to: opts.to, resume: !!attachments.length },
      },
    );
  });
  for (const id of ids) await deps.mail.deliver(id);
  return { message: messages.recruiting.emailSent };
};
