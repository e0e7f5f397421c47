import type { PrivacyAction } from '@hh/contract/crm-privacy';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { candidatePrivacyLog } from '../../db/schema/candidates.ts';

/** Views within this window by the same user count once (the drawer reloads the candidate after each change). */
const VIEW_WINDOW_MS = 10 * 60_000;

/** One audit row: who viewed, exported or erased the candidate, and when. */
export async function logPrivacy(
  db: DbOrTx,
  opts: { clientId: string; candidateId: string; actor: Pick<Actor, 'id' | 'email'> | null; action: PrivacyAction },
): Promise<void> {
  if (opts.action === 'viewed' && opts.actor) {
    const [recent] = await db
      .select({ id: candidatePrivacyLog.id })
      .from(candidatePrivacyLog)
      .where(
        and(
          eq(candidatePrivacyLog.clientId, opts.clientId),
          eq(candidatePrivacyLog.candidateId, opts.candidateId),
          eq(candidatePrivacyLog.actorId, opts.actor.id),
          eq(candidatePrivacyLog.action, 'viewed'),
          gt(candidatePrivacyLog.createdAt, new Date(Date.now() - VIEW_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (recent) return;
  }
  await db.insert(candidatePrivacyLog).values({
    clientId: opts.clientId,
    candidateId: opts.candidateId,
    actorId: opts.actor?.id ?? null,
    actorEmail: opts.actor?.email ?? null,
    action: opts.action,
  });
}

export async function listPrivacyLog(db: DbOrTx, clientId: string, candidateId: string, limit = 200) {
  const where = and(eq(candidatePrivacyLog.clientId, clientId), eq(candidatePrivacyLog.candidateId, candidateId));
  const [rows, [total]] = await Promise.all([
    db.select().from(candidatePrivacyLog).where(where).orderBy(desc(candidatePrivacyLog.createdAt)).limit(limit),
    db.select({ n: count() }).from(candidatePrivacyLog).where(where),
  ]);
  return {
    audit: rows.map((r) => ({ _id: r.id, action: r.action as PrivacyAction, actorEmail: r.actorEmail, createdAt: r.createdAt.toISOString() })),
    auditTotal: Number(total?.n ?? 0),
  };
}
