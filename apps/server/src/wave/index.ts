/** What other domains use of wave (widgets, video, the career sites). Wave depends on neither widgets/ nor video/: they depend on it. */
export { DEMO_VIDEOS } from './demo-videos.ts';
export { embedCode, type WidgetRow } from './embed-code.ts';
export { loadManagedWidget } from './load-widget.ts';
export { listPublicProfiles } from './public-profiles.ts';
export { canManageWave, waveClientIds } from './reviewers.ts';
export { type MediaFile, mediaFiles, mediaPath, publicUrl } from './video-links.ts';
