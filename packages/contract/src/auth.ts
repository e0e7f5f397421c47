import { z } from 'zod';
import { email, password, user } from './users.ts';

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
