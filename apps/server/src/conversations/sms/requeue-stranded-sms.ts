import { sql } from 'drizzle-orm';
import type { Deps } from '../../core/deps.ts';
import { SMS_SEND_QUEUE } from '../index.ts';

export const SMS_SWEEP_QUEUE = 'conversations-sms-sweep';

/**
 * Outbound SMS left 'queued' (or 'scheduled' and due) for more than `olderThanSeconds` with no send
 * record that moved on: the process that wrote them may have stopped before enqueueing. Each gets a
 * send job again; the job is idempotent, so one that was enqueued after all sends nothing twice.
 */
export async function requeueStrandedSms(deps: Pick<Deps, 'db' | 'queue'>, olderThanSeconds = 120): Promise<number> {
  const rows = await deps.db.execute<{ client_id: string; id: string }>(sql`
    SELECT m.client_id, m.id FROM conversation_messages m
     WHERE m.channel = 'sms' AND m.direction = 'out' AND m.status IN ('queued', 'scheduled')
       AND coalesce(m.send_at, m.created_at) < now() - make_interval(secs => ${olderThanSeconds})
       AND NOT EXISTS (SELECT 1 FROM sms_sends s WHERE s.client_id = m.client_id AND s.message_id = m.id
                        AND (s.status IN ('sent', 'delivered', 'undelivered', 'failed', 'refused')
                             OR (s.status = 'held' AND s.send_after > now())
                             OR s.updated_at > now() - make_interval(secs => ${olderThanSeconds})))
     LIMIT 1000`);
  for (const r of rows.rows) await deps.queue.send(SMS_SEND_QUEUE, { clientId: r.client_id, messageId: r.id });
  return rows.rows.length;
}
