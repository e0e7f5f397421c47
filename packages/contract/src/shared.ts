import { z } from 'zod';
import { id } from './common.ts';
import { SIGNED_IN_ERRORS } from './route.ts';

/**
 * The pieces several domains' contract files share: the signed-in error statuses, a query of only a
 * client id, the OpenAPI tag of the job calls (jobs, job-imports, job-analytics), a reply that is
 * only a message, the sign-in tokens, and the users domain's address, password and user schemas.
 * Each of those files imports them from here and keeps its own schemas (decision 0011). Field
 * rules every domain uses (ids, dates, URLs, paging) are in common.ts.
 */
export { email, password, user } from './users.ts';

export const errors = SIGNED_IN_ERRORS;
export const messageOnlyReply = z.object({ message: z.string() });
export const tokensReply = z.object({ accessToken: z.string(), refreshToken: z.string().optional(), expiresIn: z.number().int() });
export const clientIdQuery = z.object({ clientId: id });
/** The job calls' OpenAPI tag, kept by the domains that were once part of the jobs calls. */
export const jobTags = ['jobs'];
