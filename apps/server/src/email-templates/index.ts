/** What other domains may use of email templates: render a product mail with the client's template. */
export { renderMailFor, renderTemplate } from './render.ts';
