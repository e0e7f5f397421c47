import { errorReply } from '@hh/contract/common';
import { messages } from '@hh/contract/messages';
import * as c from '@hh/contract/team';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { issueSession } from '../auth/issue-session.ts';
import { setSessionCookies } from '../auth/session-cookies.ts';
import { actorOf } from '../plugins/auth.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { acceptInvitation, describeInvitation } from './accept-invitation.ts';
import { createInvitations } from './create-invitations.ts';
import { getInvitation, getInvitationsByEmails, getInvitationsByMicrosoftEmails, splitEmails } from './get-invitation.ts';
import { listInvitations } from './list-invitations.ts';
import { listTeam } from './list-team.ts';
import { revokeInvitation } from './revoke-invitation.ts';
import { serializeInvitation } from './serialize.ts';
import { updateInvitation } from './update-invitation.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/** Invitations (recruiting spec §7 "Invitations"), the /user-invitation guest page's two calls, and the /team screen. */
export default async function invitationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitations'];
  const db = app.db;
  const list = (rows: Parameters<typeof serializeInvitation>[0][]) => ({ results: rows.map((r) => serializeInvitation(r)), totalCount: rows.length });

  app.post(
    '/api/user-invitation/create',
    { schema: { tags, body: c.createInvitationRequest, response: { 201: c.createInvitationReply, ...errors } } },
    async (req, reply) => {
      const { rows, existingUsers } = await createInvitations(app, { actor: actorOf(req), input: req.body });
      return reply
        .status(201)
        .send({ message: messages.recruiting.invitationsSent, results: rows.map((r) => serializeInvitation(r)), existingUsers, totalCount: rows.length });
    },
  );

  app.get('/api/user-invitation', { schema: { tags, querystring: c.invitationListQuery, response: { 200: c.invitationList, ...errors } } }, async (req) =>
    list(await listInvitations(db, actorOf(req), req.query)),
  );

  app.get('/api/user-invitation/get-by-id', { schema: { tags, querystring: c.invitationByIdQuery, response: { 200: c.invitation, ...errors } } }, async (req) =>
    serializeInvitation(await getInvitation(db, actorOf(req), req.query.clientId, req.query.invitationId)),
  );

  app.delete(
    '/api/user-invitation/delete',
    { schema: { tags, body: c.deleteInvitationRequest, response: { 200: c.invitationMessageReply, ...errors } } },
    async (req) => {
      const row = await revokeInvitation(app, actorOf(req), req.body.clientId, req.body._id);
      return { message: messages.recruiting.invitationsUpdated, invitation: serializeInvitation(row) };
    },
  );

  app.patch(
    '/api/user-invitation/update',
    { schema: { tags, body: c.updateInvitationRequest, response: { 200: c.invitationMessageReply, ...errors } } },
    async (req) => {
      const row = await updateInvitation(app, actorOf(req), req.body);
      return { message: messages.recruiting.invitationsUpdated, invitation: serializeInvitation(row) };
    },
  );

  app.get(
    '/api/user-invitation/get-by-emails',
    { schema: { tags, querystring: c.invitationsByEmailsQuery, response: { 200: c.invitationList, ...errors } } },
    async (req) => list(await getInvitationsByEmails(db, actorOf(req), req.query.clientId, splitEmails(req.query.emails))),
  );

  app.get(
    '/api/user-invitation/get-by-microsoft-emails',
    { schema: { tags, querystring: c.invitationsByEmailsQuery, response: { 200: c.invitationList, ...errors } } },
    async (req) => list(await getInvitationsByMicrosoftEmails(db, actorOf(req), req.query.clientId, req.query.emails.split(/[\s,;]+/))),
  );

  // The guest page /user-invitation (core spec §2): no sign-in; the token is the proof.
  app.get(
    '/api/user-invitation/get-by-token',
    { config: { auth: 'public' }, schema: { tags, querystring: c.invitationTokenQuery, response: { 200: c.publicInvitation, 400: errorReply } } },
    async (req) => describeInvitation(app, req.query.token),
  );

  app.post(
    '/api/user-invitation/accept',
    {
      config: { auth: 'public' },
      schema: { tags, body: c.acceptInvitationRequest, response: { 200: c.acceptInvitationReply, 400: errorReply, 409: errorReply } },
    },
    async (req, reply) => {
      const { user, redirectTo } = await acceptInvitation(app, req.body);
      const strategy = app.config.AUTH_STRATEGY === 'access' ? 'access' : 'refresh';
      const issued = await issueSession(db, app.config, { userId: user.id, strategy, ip: req.ip, userAgent: req.headers['user-agent'] });
      setSessionCookies(req, reply, issued);
      return {
        tokens: { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresIn: issued.expiresIn },
        user: serializeUser(user),
        redirectTo,
      };
    },
  );

  app.get('/api/team', { schema: { tags, querystring: c.teamQuery, response: { 200: c.teamReply, ...errors } } }, async (req) => {
    const { members, invitations } = await listTeam(db, actorOf(req), req.query.clientId, req.query.search);
    return { members, invitations: invitations.map((r) => serializeInvitation(r)) };
  });
}
