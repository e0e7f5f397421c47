import { type conversationsSmsRoutes as r, smsMessages } from '@hh/contract/conversations-sms';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { optOutsOf, requireE164 } from './recipient-checks.ts';
import { SMS_SENDERS } from './rights.ts';

/** GET /api/conversations/sms/opt-out: whether a number opted out of this client's texts (the composer says so before sending). */
export const getSmsOptOut: Operation<typeof r.optOut, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SMS_SENDERS, 'sms');
  const phone = requireE164(input.phone, 'phone');
  const found = (await optOutsOf(deps.db, client.id, [phone])).get(phone);
  return {
    phone,
    optedOut: !!found,
    since: found?.optedOutAt.toISOString() ?? null,
    keyword: found?.keyword ?? null,
    message: found ? smsMessages.optedOut(phone) : null,
  };
};
