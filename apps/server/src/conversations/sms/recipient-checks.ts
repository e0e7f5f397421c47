import { phoneProblem } from '@hh/contract/conversations-phone';
import { normalizePhone, smsMessages } from '@hh/contract/conversations-sms';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { smsOptOuts } from '../../db/schema/sms.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';

/** A number as people type it, in E.164 and right for its country's numbering plan, or a 400 naming the problem. */
export function requireE164(input: string, field = 'to'): string {
  const problem = phoneProblem(input);
  if (problem) throw badRequest(field, problem);
  return normalizePhone(input);
}

/** The numbers of this list that opted out of the client's texts, with when and by which word. */
export async function optOutsOf(db: DbOrTx, clientId: string, phones: string[]) {
  if (!phones.length) return new Map<string, { keyword: string; optedOutAt: Date }>();
  const rows = await db
    .select()
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.clientId, clientId), inArray(smsOptOuts.phone, phones)));
  return new Map(rows.map((r) => [r.phone, { keyword: r.keyword, optedOutAt: r.optedOutAt }]));
}

/** Refuses (409, in words) a number that opted out: it is never texted. */
export async function refuseOptedOut(db: DbOrTx, clientId: string, phone: string, field = 'to'): Promise<void> {
  if ((await optOutsOf(db, clientId, [phone])).size) throw conflict(field, smsMessages.optedOut(phone));
}
