import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../core/deps.ts';
import { candidateFollowUps, candidates } from '../../db/schema/candidates.ts';
import { loadBranding, renderMail } from '../../mail/index.ts';
import { recordCandidateEvent } from '../events.ts';

export const FOLLOW_UP_QUEUE = 'crm-follow-up';

/** A reminder for a later day goes out at 08:00 UTC on its date; one for today (or earlier) at once. */
export function followUpStartAfter(ymd: string): Date {
  if (ymd <= new Date().toISOString().slice(0, 10)) return new Date();
  return new Date(`${ymd}T08:00:00Z`);
}

/** The queue job: emails the recruiter once (sent_at guards against a second delivery). */
export async function sendFollowUp(deps: Pick<Deps, 'db' | 'queue' | 'mail' | 'config'>, d: { clientId: string; followUpId: string }) {
  const [f] = await deps.db
    .select()
    .from(candidateFollowUps)
    .where(and(eq(candidateFollowUps.clientId, d.clientId), eq(candidateFollowUps.id, d.followUpId), isNull(candidateFollowUps.sentAt)))
    .limit(1);
  if (!f) return;
  const due = followUpStartAfter(f.reminderDate);
  if (due.getTime() > Date.now() + 1000) {
    // Run early (the inline queue of one-off commands): put it back for its date.
    if (deps.queue.boss) await deps.queue.send(FOLLOW_UP_QUEUE, d, { startAfter: due });
    return;
  }
  const [c] = await deps.db
    .select()
    .from(candidates)
    .where(and(eq(candidates.clientId, f.clientId), eq(candidates.id, f.candidateId)))
    .limit(1);
  if (!c) return;
  const link = `${deps.config.publicUrl}/harvest/cultivate/candidates?candidate=${c.id}`;
  // The client's "followUp" template replaces the product's text when the client has one (clients word their own mails; the merge values stay escaped).
  const mail = await renderMail(
    'followUp',
    { candidateName: `${c.firstName} ${c.lastName}`.trim(), candidateEmail: c.email, note: f.note, link },
    await loadBranding(deps, { clientId: f.clientId, publicUrl: deps.config.publicUrl }),
  );
  await deps.db
    .transaction(async (tx) => {
      const [claimed] = await tx
        .update(candidateFollowUps)
        .set({ sentAt: new Date() })
        .where(and(eq(candidateFollowUps.clientId, f.clientId), eq(candidateFollowUps.id, f.id), isNull(candidateFollowUps.sentAt)))
        .returning();
      if (!claimed) return;
      const outboxId = await deps.mail.send({ to: f.userEmail, clientId: f.clientId, ...mail }, tx);
      await recordCandidateEvent(
        { db: tx },
        { clientId: f.clientId, candidateId: c.id, actor: null, type: 'follow-up-sent', data: { to: f.userEmail, outboxId } },
      );
      return outboxId;
    })
    .then(async (outboxId) => {
      if (outboxId) await deps.mail.deliver(outboxId);
    });
}
