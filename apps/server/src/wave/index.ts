/** What other domains use of wave (widgets, video, the career sites). */
export { listPublicProfiles } from './public-profiles.ts';
export { canManageWave, waveClientIds } from './reviewers.ts';
