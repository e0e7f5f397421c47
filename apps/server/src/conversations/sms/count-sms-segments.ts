import { type conversationsSmsRoutes as r, countSmsSegments } from '@hh/contract/conversations-sms';
import { requireRight } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';

/** POST /api/conversations/sms/segments: the same count the composer runs in the browser (countSmsSegments of the contract). */
export const countSegments: Operation<typeof r.segments, never> = async (_deps, input) => {
  requireRight(input.actor, 'member');
  return countSmsSegments(input.text);
};
