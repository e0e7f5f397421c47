import type { Need } from '../auth/access.ts';
import { answer } from '../core/operation.ts';
import { AppError } from '../lib/app-error.ts';

/** Requisitions are cultivate screens: read by its members, keywords changed by its editors (refused under `requisition`). */
export const REQUISITION_READERS: Need = { product: 'cultivate', level: 'member' };
export const REQUISITION_EDITORS: Need = { product: 'cultivate', level: 'editor' };

/**
 * Keyword calls answer their failures with the spec's message (001 §8) under `keywords`, next to
 * the reason under its own key: { errorMsg: { keywords: [spec text], requisition: ["Requisition not found"] } }.
 */
export function keywordsFailure(err: unknown, message: string) {
  if (err instanceof AppError) return answer({ status: err.status, body: { errorMsg: { keywords: [message], [err.key]: [err.message] } } });
  throw err;
}
