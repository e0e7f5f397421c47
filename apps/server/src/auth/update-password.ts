import type { authRoutes as r } from '@hh/contract/auth';
import { messages } from '@hh/contract/messages';
import { answer, type Operation } from '../core/operation.ts';
import { changePassword } from './passwords-flow.ts';
import { clearedSessionCookies } from './session-cookies.ts';

/** PATCH /api/user/update-password: every session of the user ends, this one too, so the auth cookies are cleared. */
export const updatePassword: Operation<typeof r.updatePassword, 'db'> = async (deps, input) => {
  await changePassword(deps.db, input.actor, input.currentPassword, input.newPassword);
  return answer({ clearCookies: clearedSessionCookies, body: { message: messages.accounts.passwordUpdateSuccess } });
};
