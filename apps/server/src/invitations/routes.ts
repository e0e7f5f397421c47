import { messages } from '@hh/contract/messages';
import { invitationRoutes as r } from '@hh/contract/team';
import type { FastifyInstance } from 'fastify';
import { issueSession } from '../auth/issue-session.ts';
import { depsOf } from '../core/deps.ts';
import { sessionCookies } from '../auth/session-cookies.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { acceptInvitation, describeInvitation } from './accept-invitation.ts';
import { createInvitations } from './create-invitations.ts';
import { getInvitation, getInvitationsByEmails, getInvitationsByMicrosoftEmails, splitEmails } from './get-invitation.ts';
import { listInvitations } from './list-invitations.ts';
import { listTeam } from './list-team.ts';
import { revokeInvitation } from './revoke-invitation.ts';
import { serializeInvitation } from './serialize.ts';
import { updateInvitation } from './update-invitation.ts';

/**
 * The guest page's calls are public and take a token, so they are limited per address: a person
 * opening their link and choosing a password needs a handful, guessing tokens or flooding the
 * accept call (each real accept costs an argon2 hash) needs thousands. Every 429 has Retry-After.
 */
export const INVITATION_TOKEN_LIMIT = { max: 30, timeWindow: '1 minute' };
export const INVITATION_ACCEPT_LIMIT = { max: 10, timeWindow: '1 minute' };

/** Invitations (recruiting spec §7 "Invitations"), the /user-invitation guest page's two calls, and the /team screen. */
export default async function invitationRoutes(app: FastifyInstance) {
  const db = app.db;
  const deps = depsOf(app);
  const list = (rows: Parameters<typeof serializeInvitation>[0][]) => ({ results: rows.map((row) => serializeInvitation(row)), totalCount: rows.length });

  legacyRoute(app, r.create, async (req) => {
    const { rows, existingUsers } = await createInvitations(deps, { actor: actorOf(req), input: req.body });
    return { message: messages.recruiting.invitationsSent, results: rows.map((row) => serializeInvitation(row)), existingUsers, totalCount: rows.length };
  });

  legacyRoute(app, r.list, async (req) => list(await listInvitations(db, actorOf(req), req.query)));

  legacyRoute(app, r.getById, async (req) => serializeInvitation(await getInvitation(db, actorOf(req), req.query.clientId, req.query.invitationId)));

  legacyRoute(app, r.delete, async (req) => {
    const row = await revokeInvitation(deps, actorOf(req), req.body.clientId, req.body._id);
    return { message: messages.recruiting.invitationsUpdated, invitation: serializeInvitation(row) };
  });

  legacyRoute(app, r.update, async (req) => {
    const row = await updateInvitation(deps, actorOf(req), req.body);
    return { message: messages.recruiting.invitationsUpdated, invitation: serializeInvitation(row) };
  });

  legacyRoute(app, r.getByEmails, async (req) => list(await getInvitationsByEmails(db, actorOf(req), req.query.clientId, splitEmails(req.query.emails))));

  legacyRoute(app, r.getByMicrosoftEmails, async (req) =>
    list(await getInvitationsByMicrosoftEmails(db, actorOf(req), req.query.clientId, req.query.emails.split(/[\s,;]+/))),
  );

  // The guest page /user-invitation (core spec §2): no sign-in; the token is the proof.
  legacyRoute(app, r.getByToken, async (req) => describeInvitation(deps, req.query.token), { config: { rateLimit: INVITATION_TOKEN_LIMIT } });

  legacyRoute(
    app,
    r.accept,
    async (req, reply) => {
      const { user, redirectTo } = await acceptInvitation(deps, req.body);
      const strategy = app.config.AUTH_STRATEGY === 'access' ? 'access' : 'refresh';
      const issued = await issueSession(db, app.config, { userId: user.id, strategy, ip: req.ip, userAgent: req.headers['user-agent'] });
      for (const c of sessionCookies(req, issued)) reply.setCookie(c.name, c.value, c.options);
      return {
        tokens: { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresIn: issued.expiresIn },
        user: serializeUser(user),
        redirectTo,
      };
    },
    { config: { rateLimit: INVITATION_ACCEPT_LIMIT } },
  );

  legacyRoute(app, r.team, async (req) => {
    const { members, invitations } = await listTeam(db, actorOf(req), req.query.clientId, req.query.search);
    return { members, invitations: invitations.map((row) => serializeInvitation(row)) };
  });
}
