/** What other domains use of invitations: the wave flow invites employees who have no account yet. */
export { inviteForWave } from './invite-for-wave.ts';
