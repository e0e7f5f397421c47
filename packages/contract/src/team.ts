import { z } from 'zod';
import { id, isoDate, statusEnum } from './common.ts';

/**
 * What `@hh/contract/team` (and `team` of the package index) gave before each identity domain had
 * its own contract file (decision 0011): the names are re-exported from invitations.ts, sso.ts,
 * questions.ts, errors.ts and shared.ts, so older imports keep working. New code imports from the
 * domain's own file. The email templates' schemas are still here (email-templates.ts takes them
 * from this file).
 */
export { errors, messageOnlyReply, tokensReply } from './shared.ts';
export {
  acceptInvitationReply,
  acceptInvitationRequest,
  type CreateInvitationRequest,
  createInvitationReply,
  createInvitationRequest,
  deleteInvitationRequest,
  type Invitation,
  invitation,
  invitationByIdQuery,
  invitationList,
  invitationListQuery,
  invitationMessageReply,
  invitationPurpose,
  invitationStatus,
  invitationTokenQuery,
  invitationsByEmailsQuery,
  publicInvitation,
  type TeamMember,
  teamMember,
  teamQuery,
  teamReply,
  updateInvitationRequest,
} from './invitations.ts';
export {
  type SsoDomainState,
  type SsoSettings,
  ssoCallbackQuery,
  ssoCheckDomainReply,
  ssoCheckDomainRequest,
  ssoDiscoverQuery,
  ssoDiscoverReply,
  ssoDomainState,
  ssoExchangeReply,
  ssoExchangeRequest,
  ssoLogoutReply,
  ssoSettings,
  ssoSettingsQuery,
  ssoStartQuery,
  updateSsoSettingsRequest,
} from './sso.ts';
export {
  type AnswerType,
  answerType,
  answerTypeLabels,
  createQuestionRequest,
  type Question,
  type QuestionDestination,
  question,
  questionDestination,
  questionDestinationLabels,
  questionDestinations,
  questionGetByQuery,
  questionList,
  questionListQuery,
  questionParams,
  questionReply,
  updateQuestionRequest,
} from './questions.ts';
export { errorCatalogueEntry, errorCatalogueReply } from './errors.ts';
export { statusEnum };

// Email templates (recruiting spec §3: clientId, emailValue, name)
export const templateKinds = ['invitation', 'applicationReceived', 'profileRejected', 'referral', 'followUp', 'campaign'] as const;
export const templateKind = z.enum(templateKinds);
export type TemplateKind = z.infer<typeof templateKind>;
/** Merge fields a template may use, as {{field}}; each kind lists the ones it fills. */
export const mergeFields: Record<TemplateKind, string[]> = {
  invitation: ['firstName', 'clientName', 'inviterName', 'link', 'expiresAt'],
  applicationReceived: ['firstName', 'clientName', 'jobTitle'],
  profileRejected: ['firstName', 'clientName', 'reason', 'link'],
  referral: ['firstName', 'clientName', 'jobTitle', 'message', 'link'],
  followUp: ['clientName', 'candidateName', 'candidateEmail', 'note', 'link'],
  campaign: ['firstName', 'clientName', 'link'],
};
/** How the template editor names each kind of mail. */
export const templateKindLabels: Record<TemplateKind, string> = {
  invitation: 'Invitation',
  applicationReceived: 'Application received',
  profileRejected: 'Profile rejected',
  referral: 'Referral',
  followUp: 'Follow-up',
  campaign: 'Campaign',
};
/** How the editor's merge-field buttons name each field. */
export const mergeFieldLabels: Record<string, string> = {
  firstName: 'First name',
  clientName: 'Company name',
  inviterName: 'Inviter name',
  link: 'Link',
  expiresAt: 'Expiry date',
  jobTitle: 'Job title',
  reason: 'Rejection reason',
  message: 'Recruiter note',
  candidateName: 'Candidate name',
  candidateEmail: 'Candidate email',
  note: 'Note',
};
/** A template's name: one of the six system mail kinds (it then overrides that mail) or any name of the client's own library. */
export const emailTemplateName = z.string().trim().min(1, 'Give the template a name.').max(120, 'The name can be at most 120 characters.');
export const isTemplateKind = (name: string): name is TemplateKind => (templateKinds as readonly string[]).includes(name);
export const emailTemplate = z.object({
  _id: id,
  clientId: id,
  name: z.string(),
  subject: z.string(),
  emailValue: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type EmailTemplate = z.infer<typeof emailTemplate>;
/** `clientId` may be left out (the spec's call has none): the portal's selected client (X-Client-Id) is used. */
export const emailTemplateListQuery = z.object({ clientId: id.optional() });
export const emailTemplateList = z.object({
  results: z.array(emailTemplate),
  totalCount: z.number().int(),
  /** The product's built-in text for each kind (used when the client has no template) and its merge fields. */
  defaults: z.array(z.object({ name: templateKind, subject: z.string(), emailValue: z.string(), mergeFields: z.array(z.string()) })),
});
/** `subject` may be left out: a library template's subject is then its name, a system mail's the product's subject. */
export const createEmailTemplateRequest = z.object({
  clientId: id,
  name: emailTemplateName,
  subject: z.string().trim().max(300).optional(),
  emailValue: z.string().trim().min(1).max(50000),
});
/** What the portal's product-mail editor sends: a mail the product sends always has a subject (the library's spec call may leave it out). */
export const productEmailTemplateRequest = createEmailTemplateRequest.extend({ subject: z.string().trim().min(1).max(300) });
export const emailTemplateReply = z.object({ message: z.string(), template: emailTemplate });
export const getEmailTemplateQuery = z.object({ clientId: id, templateId: id });
export const getEmailTemplateReply = z.object({ template: emailTemplate });
export const updateEmailTemplateRequest = z.object({
  clientId: id,
  templateId: id,
  name: emailTemplateName.optional(),
  subject: z.string().trim().max(300).optional(),
  emailValue: z.string().trim().min(1).max(50000).optional(),
});
/** One of `templateId` (any template) or `name` (a system mail's override, as before). */
export const deleteEmailTemplateQuery = z
  .object({ clientId: id, name: z.string().trim().min(1).max(120).optional(), templateId: id.optional() })
  .refine((q) => q.name !== undefined || q.templateId !== undefined, { message: 'Give templateId or name.', path: ['templateId'] });
export const previewEmailTemplateRequest = z.object({
  clientId: id,
  name: templateKind,
  subject: z.string().max(300).optional(),
  emailValue: z.string().max(50000).optional(),
});
export const previewEmailTemplateReply = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export const testEmailTemplateRequest = previewEmailTemplateRequest;
