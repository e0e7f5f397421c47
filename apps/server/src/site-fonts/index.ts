// The career sites' static files: self-hosted fonts and the shared stylesheet.
export { SITE_STYLESHEET } from './stylesheet.ts';
