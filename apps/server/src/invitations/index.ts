/** What other domains use of invitations: the wave flow invites employees who have no account yet. */
export { inviteForWave } from './invite-for-wave.ts';
export { acceptInto, landingOf, usableInvitation } from './accept-invitation.ts';
export { microsoftEmails, openInvitationsFor } from './get-invitation.ts';
export { parseInvitationToken } from './token.ts';
