import type { TemplateKind } from '@hh/contract/team';

/**
 * The product's own text for each mail kind, as a starting point for a client's template (the editor
 * opens with it) and for a preview when the client has none. The wording follows the product's mails
 * (mail/templates). Merge fields are written {{field}} (contract: mergeFields). Plain text; paragraphs
 * are separated by a blank line.
 */
export const defaultTemplates: Record<TemplateKind, { subject: string; emailValue: string }> = {
  invitation: {
    subject: '{{inviterName}} invited you to {{clientName}}',
    emailValue:
      'Hello{{firstName}},\n\n{{inviterName}} invited you to join {{clientName}} on Humanize Hiring.\n\nAccept the invitation and choose your password here:\n{{link}}\n\nThe link can be used once and expires on {{expiresAt}}.',
  },
  applicationReceived: {
    subject: '{{clientName}}: we received your application for {{jobTitle}}',
    emailValue:
      'Hello{{firstName}},\n\nThank you for applying for {{jobTitle}} at {{clientName}}. We have received your application and will be in touch.\n\n{{clientName}}',
  },
  profileRejected: {
    subject: 'Your Wave profile needs changes',
    emailValue:
      'Hello{{firstName}},\n\nYour Wave profile for {{clientName}} was not approved.\n\nReason: {{reason}}\n\nYou can edit it and submit it again: {{link}}',
  },
  referral: {
    subject: '{{clientName}}: {{jobTitle}}',
    emailValue:
      'Hello{{firstName}},\n\n{{clientName}} thinks this job could be a good fit for you: {{jobTitle}}.\n\n{{message}}\n\nSee the job and apply: {{link}}',
  },
  followUp: {
    subject: 'Follow up: {{candidateName}}',
    emailValue: 'Reminder: follow up with {{candidateName}} ({{candidateEmail}}) today.\n\n{{note}}\n\nOpen the candidate: {{link}}',
  },
  campaign: {
    subject: 'News from {{clientName}}',
    emailValue: 'Hello{{firstName}},\n\n{{clientName}} has news for you: {{link}}',
  },
};
