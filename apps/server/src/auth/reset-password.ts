import type { authRoutes as r } from '@hh/contract/auth';
import { messages } from '@hh/contract/messages';
import type { Operation } from '../core/operation.ts';
import { completePasswordReset, requestPasswordReset } from './passwords-flow.ts';

/** POST /api/password-reset: with a token, sets the new password; with an email, asks for a link (the same answer whether the account exists or not). */
export const resetPassword: Operation<typeof r.passwordReset, 'db' | 'config' | 'mail' | 'log'> = async (deps, input) => {
  if ('token' in input) {
    await completePasswordReset(deps.db, input.token, input.password);
    return { message: messages.accounts.passwordResetSuccess };
  }
  await requestPasswordReset(deps.db, deps.config, deps.mail, input.email, deps.log);
  return { message: messages.server.resetRequested };
};
