/** What other features use from wave: uploading a video and waiting until it plays (the editor's video blocks). */
export { uploadVideo, waitForVideo } from './video-upload.ts';
/** The chooser behind a client's public page named without its company (/meet-the-team, /motivator-search). */
export { type PublicPage, PublicPageChooser } from './PublicPageChooser.tsx';
