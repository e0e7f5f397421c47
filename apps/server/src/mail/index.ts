/**
 * Email templates: one file per email under templates/, rendered by React Email (decision 0007).
 * Other domains use only this file:
 *   const mail = await renderMail('passwordReset', { link }, branding);   // { subject, text, html }
 *   await app.mail.send({ to, clientId, ...mail });
 * `loadBranding(deps, { clientId })` gives the client's name and logo (the product's without a client).
 */
export { type Branding, loadBranding, productBranding } from './branding.ts';
export {
  type ClientTemplate,
  htmlToText,
  isHtmlBody,
  type MergeValues,
  renderClientTemplate,
  sanitizeTemplateHtml,
  unknownMergeFields,
} from './client-template.ts';
export { type MailData, type MailTemplateName, mailTemplates, type RenderedMail, renderMail, renderTemplateMail } from './render.tsx';
