import type { TemplateKind } from '@hh/contract/team';

/**
 * The product's own text for each mail kind, used when the client has no template of that name.
 * Merge fields are written {{field}} (contract: mergeFields). Plain text; the HTML part is derived.
 */
export const defaultTemplates: Record<TemplateKind, { subject: string; emailValue: string }> = {
  invitation: {
    subject: '{{inviterName}} invited you to {{clientName}}',
    emailValue:
      'Hello{{firstName}},\n\n{{inviterName}} invited you to join {{clientName}} on Humanize Hiring.\n\nAccept the invitation and choose your password here:\n{{link}}\n\nThe link can be used once and expires on {{expiresAt}}.',
  },
  applicationReceived: {
    subject: 'We received your application to {{clientName}}',
    emailValue: 'Hello{{firstName}},\n\nThank you for applying for {{jobTitle}} at {{clientName}}. We will be in touch.',
  },
  profileRejected: {
    subject: 'Your Wave profile at {{clientName}} needs changes',
    emailValue: 'Hello{{firstName}},\n\nYour Wave profile was not approved: {{reason}}\n\nUpdate it here: {{link}}',
  },
  referral: {
    subject: '{{candidateName}} was referred to you',
    emailValue: 'Hello{{firstName}},\n\n{{candidateName}} was referred to {{clientName}}. See the profile: {{link}}',
  },
  followUp: {
    subject: 'Follow up with {{candidateName}}',
    emailValue: 'Hello{{firstName}},\n\nThis is your reminder to follow up with {{candidateName}} on {{reminderDate}}.',
  },
  campaign: {
    subject: 'News from {{clientName}}',
    emailValue: 'Hello{{firstName}},\n\n{{clientName}} has news for you: {{link}}',
  },
};
