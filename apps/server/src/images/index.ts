/** What other domains use of images (video playback, page favicons). */
export { CANDIDATE_FILE_KINDS, isCandidateFileKey, isSafeKey, keyFromMediaPath, MEDIA_PREFIX } from './media-key.ts';
export { IMMUTABLE_CACHE, sendStoredFile } from './serve-file.ts';
