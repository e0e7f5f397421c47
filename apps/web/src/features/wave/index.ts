/** What other features use from wave: uploading a video and waiting until it plays (the editor's video blocks). */
export { uploadVideo, waitForVideo } from './video-upload.ts';
