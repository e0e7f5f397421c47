import { z } from 'zod';
import { id, isoDate, paged, statusEnum } from './common.ts';
import { productUserType } from './roles.ts';
import { defineRoute } from './route.ts';
import { email, errors, password, tokensReply, user } from './shared.ts';

/** The product rights an invitation may set. */
const productTypes = {
  userTypeWave: productUserType.optional(),
  userTypeHarvest: productUserType.optional(),
  userTypeHarvestPlus: productUserType.optional(),
  userTypeCultivate: productUserType.optional(),
  userTypeMotivator: productUserType.optional(),
};

export const invitationStatus = z.enum(['Pending', 'Accepted', 'Revoked', 'Expired']);
export const invitationPurpose = z.enum(['team', 'wave']);

/** An invitation as managers see it. The token never leaves the server except in the email. */
export const invitation = z.object({
  _id: id,
  clientId: id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  purpose: invitationPurpose,
  userTypeWave: productUserType,
  userTypeHarvest: productUserType,
  userTypeHarvestPlus: productUserType,
  userTypeCultivate: productUserType,
  userTypeMotivator: productUserType,
  status: invitationStatus,
  expiresAt: isoDate,
  sentCount: z.number().int(),
  lastSentAt: isoDate,
  invitedBy: id.nullable(),
  acceptedUserId: id.nullable(),
  acceptedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Invitation = z.infer<typeof invitation>;

export const createInvitationRequest = z.object({
  clientId: id,
  emails: z.array(email).min(1).max(200),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  purpose: invitationPurpose.default('team'),
  ...productTypes,
});
export type CreateInvitationRequest = z.infer<typeof createInvitationRequest>;
export const createInvitationReply = z.object({
  message: z.string(),
  results: z.array(invitation),
  /** Addresses that already had an account: the client was added to their rights instead (no second account). */
  existingUsers: z.array(z.string()),
  totalCount: z.number().int(),
});

export const invitationListQuery = z.object({
  clientId: id,
  status: invitationStatus.optional(),
  search: z.string().trim().max(200).optional(),
});
export const invitationList = paged(invitation);
export const invitationByIdQuery = z.object({ clientId: id, invitationId: id });
export const invitationsByEmailsQuery = z.object({
  clientId: id,
  /** Comma-separated addresses. */
  emails: z.string().trim().min(3).max(20000),
});
export const deleteInvitationRequest = z.object({ clientId: id, _id: id });
export const updateInvitationRequest = z.object({
  clientId: id,
  _id: id,
  /** Sends the invitation again with a fresh link (the old link stops working) and a new expiry. */
  resend: z.boolean().optional(),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  ...productTypes,
});
export const invitationMessageReply = z.object({ message: z.string(), invitation });

// The guest page /user-invitation
export const invitationTokenQuery = z.object({ token: z.string().trim().min(20).max(300) });
export const publicInvitation = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  clientName: z.string(),
  invitedByName: z.string(),
  purpose: invitationPurpose,
  expiresAt: isoDate,
  /** The client signs in through its identity provider: the page offers "Sign in with SSO". */
  sso: z.boolean(),
});
export const acceptInvitationRequest = z.object({
  token: z.string().trim().min(20).max(300),
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  password,
});
export const acceptInvitationReply = z.object({ tokens: tokensReply, user, redirectTo: z.string() });

// The /team screen
export const teamQuery = z.object({ clientId: id, search: z.string().trim().max(200).optional() });
export const teamMember = z.object({
  _id: id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userTypeGlobal: z.string(),
  userTypeWave: productUserType,
  userTypeHarvest: productUserType,
  userTypeHarvestPlus: productUserType,
  userTypeCultivate: productUserType,
  userTypeMotivator: productUserType,
  status: statusEnum,
  lastSignInAt: isoDate.nullable(),
  /** Account managers (recruiters) of the client are listed but managed on the client page. */
  manager: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;
export const teamReply = z.object({ members: z.array(teamMember), invitations: z.array(invitation) });

/** Invitations (recruiting spec §7 "Invitations"), the /user-invitation guest page's two calls, and the /team screen. */
export const invitationRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/user-invitation/create',
    body: createInvitationRequest,
    status: 201,
    reply: createInvitationReply,
    errors,
    tags: ['invitations'],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/user-invitation',
    query: invitationListQuery,
    status: 200,
    reply: invitationList,
    errors,
    tags: ['invitations'],
  }),
  getById: defineRoute({
    method: 'GET',
    path: '/api/user-invitation/get-by-id',
    query: invitationByIdQuery,
    status: 200,
    reply: invitation,
    errors,
    tags: ['invitations'],
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/user-invitation/delete',
    body: deleteInvitationRequest,
    status: 200,
    reply: invitationMessageReply,
    errors,
    tags: ['invitations'],
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/user-invitation/update',
    body: updateInvitationRequest,
    status: 200,
    reply: invitationMessageReply,
    errors,
    tags: ['invitations'],
  }),
  getByEmails: defineRoute({
    method: 'GET',
    path: '/api/user-invitation/get-by-emails',
    query: invitationsByEmailsQuery,
    status: 200,
    reply: invitationList,
    errors,
    tags: ['invitations'],
  }),
  getByMicrosoftEmails: defineRoute({
    method: 'GET',
    path: '/api/user-invitation/get-by-microsoft-emails',
    query: invitationsByEmailsQuery,
    status: 200,
    reply: invitationList,
    errors,
    tags: ['invitations'],
  }),
  // The guest page /user-invitation (core spec §2): no sign-in; the token is the proof.
  getByToken: defineRoute({
    method: 'GET',
    path: '/api/user-invitation/get-by-token',
    auth: 'public',
    query: invitationTokenQuery,
    status: 200,
    reply: publicInvitation,
    errors: [400],
    tags: ['invitations'],
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/user-invitation/accept',
    auth: 'public',
    body: acceptInvitationRequest,
    status: 200,
    reply: acceptInvitationReply,
    errors: [400, 409],
    tags: ['invitations'],
  }),
  team: defineRoute({ method: 'GET', path: '/api/team', query: teamQuery, status: 200, reply: teamReply, errors, tags: ['invitations'] }),
};
