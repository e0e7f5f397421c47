/** What other domains may use of email templates: the product's default text of each kind. */
export { defaultTemplates } from './defaults.ts';
