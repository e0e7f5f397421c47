import { z } from 'zod';
import { defineRoute } from './route.ts';
import { sessionCalls } from './session-calls.ts';
import { email, password, updatePasswordRequest, user } from './users.ts';

export const loginRequest = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(1024),
  strategy: z.enum(['access', 'refresh']).optional(),
});
export const tokens = z.object({ accessToken: z.string(), refreshToken: z.string().optional(), expiresIn: z.number().int() });
export const loginReply = z.object({ tokens, user });
export const refreshRequest = z.object({ refreshToken: z.string().max(200).optional() });
export const refreshReply = z.object({ tokens, refresh_token: z.string().optional() });
export const logoutRequest = z.object({ refreshToken: z.string().max(200).optional() }).optional();

/** One call, two steps: `{ email }` asks for a link; `{ token, password }` sets the new password. */
export const passwordResetRequest = z.union([z.object({ token: z.string().min(10).max(200), password }), z.object({ email })]);
export const messageReply = z.object({ message: z.string() });

/** Runtime configuration the server hands the portal (injected into index.html). */
export const runtimeConfig = z.object({
  apiBase: z.string(),
  authStrategy: z.enum(['access', 'refresh', 'openid']),
  accessTokenCheckInterval: z.number().int(),
  refreshTokenCheckInterval: z.number().int(),
  accessTokenTtl: z.number().int(),
  ga4MeasurementId: z.string().nullable(),
  publicUrl: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
export { user };

/** GET /api/user/fetch-logged-in: the signed-in user. */
export const fetchLoggedInReply = z.object({ user });

const tags = ['auth'];

/** Sign-in, session and password calls (core spec §6, §7). The portal's session calls opt out of the session rules (`ignoreSession`). */
export const authRoutes = {
  login: defineRoute({
    ...sessionCalls.login,
    auth: 'public',
    body: loginRequest,
    status: 200,
    reply: loginReply,
    errors: [401, 403, 429],
    tags,
  }),
  refreshToken: defineRoute({
    ...sessionCalls.refreshToken,
    auth: 'public',
    body: refreshRequest.optional(),
    status: 200,
    reply: refreshReply,
    errors: [401, 403],
    tags,
  }),
  logout: defineRoute({ ...sessionCalls.logout, auth: 'optional', body: logoutRequest, status: 204, reply: z.null(), errors: [], tags }),
  fetchLoggedIn: defineRoute({ ...sessionCalls.fetchLoggedIn, status: 200, reply: fetchLoggedInReply, errors: [401, 403], tags }),
  /** `{ email }` asks for a link; `{ token, password }` sets the new password. */
  passwordReset: defineRoute({
    method: 'POST',
    path: '/api/password-reset',
    auth: 'public',
    body: passwordResetRequest,
    status: 200,
    reply: messageReply,
    errors: [400, 429],
    tags,
  }),
  updatePassword: defineRoute({
    method: 'PATCH',
    path: '/api/user/update-password',
    body: updatePasswordRequest,
    status: 200,
    reply: messageReply,
    errors: [400, 429],
    tags,
  }),
};
