/** What other domains use of video (wave's public profiles). */
export { publicUrl } from './media-urls.ts';
export { DEMO_VIDEOS } from './demo-videos.ts';
