import { invitationRoutes as r } from '@hh/contract/invitations';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { acceptInvitation, describeInvitation } from './accept-invitation.ts';
import { createInvitations } from './create-invitations.ts';
import { getInvitation, getInvitationsByEmails, getInvitationsByMicrosoftEmails } from './get-invitation.ts';
import { listInvitations } from './list-invitations.ts';
import { listTeam } from './list-team.ts';
import { revokeInvitation } from './revoke-invitation.ts';
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
  route(app, r.create, createInvitations);
  route(app, r.list, listInvitations);
  route(app, r.getById, getInvitation);
  route(app, r.delete, revokeInvitation);
  route(app, r.update, updateInvitation);
  route(app, r.getByEmails, getInvitationsByEmails);
  route(app, r.getByMicrosoftEmails, getInvitationsByMicrosoftEmails);
  // The guest page /user-invitation (core spec §2): no sign-in; the token is the proof.
  route(app, r.getByToken, describeInvitation, { config: { rateLimit: INVITATION_TOKEN_LIMIT } });
  route(app, r.accept, acceptInvitation, { config: { rateLimit: INVITATION_ACCEPT_LIMIT } });
  route(app, r.team, listTeam);
}
