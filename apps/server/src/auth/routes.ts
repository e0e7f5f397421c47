import { authRoutes as r } from '@hh/contract/auth';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { getLoggedInUser } from './get-logged-in-user.ts';
import { logOut } from './log-out.ts';
import { login } from './login.ts';
import { refreshSession } from './refresh-session.ts';
import { resetPassword } from './reset-password.ts';
import { updatePassword } from './update-password.ts';

/** Sessions and passwords (core spec §7 Session, §9 cookies). */
export default async function authRoutes(app: FastifyInstance) {
  route(app, r.login, login);
  route(app, r.refreshToken, refreshSession);
  route(app, r.logout, logOut);
  route(app, r.fetchLoggedIn, getLoggedInUser);
  route(app, r.passwordReset, resetPassword);
  route(app, r.updatePassword, updatePassword);
}
