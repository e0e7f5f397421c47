import { z } from 'zod';
import { id, isoDate, paged, queryBool, statusEnum } from './common.ts';
import { productUserType } from './roles.ts';
import { SIGNED_IN_ERRORS } from './route.ts';
import { email, password, user } from './users.ts';

/**
 * Team and identity (decisions 0040, 0041, 0042): invitations (recruiting spec §7 "Invitations"), the /team screen,
 * single sign-on settings, the question bank, email templates and the message catalogue.
 * The spec's texts are in messages.recruiting; the ones we add are in messages.team.
 */

const productTypes = {
  userTypeWave: productUserType.optional(),
  userTypeHarvest: productUserType.optional(),
  userTypeHarvestPlus: productUserType.optional(),
  userTypeCultivate: productUserType.optional(),
  userTypeMotivator: productUserType.optional(),
};

export const invitationStatus = z.enum(['Pending', 'Accepted', 'Revoked', 'Expired']);
export const invitationPurpose = z.enum(['team', 'wave']);

/** An invitation as managers see it. The token never leaves the server except in the email. */
export const invitation = z.object({
  _id: id,
  clientId: id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  purpose: invitationPurpose,
  userTypeWave: productUserType,
  userTypeHarvest: productUserType,
  userTypeHarvestPlus: productUserType,
  userTypeCultivate: productUserType,
  userTypeMotivator: productUserType,
  status: invitationStatus,
  expiresAt: isoDate,
  sentCount: z.number().int(),
  lastSentAt: isoDate,
  invitedBy: id.nullable(),
  acceptedUserId: id.nullable(),
  acceptedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Invitation = z.infer<typeof invitation>;

export const createInvitationRequest = z.object({
  clientId: id,
  emails: z.array(email).min(1).max(200),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  purpose: invitationPurpose.default('team'),
  ...productTypes,
});
export type CreateInvitationRequest = z.infer<typeof createInvitationRequest>;
export const createInvitationReply = z.object({
  message: z.string(),
  results: z.array(invitation),
  /** Addresses that already had an account: the client was added to their rights instead (no second account). */
  existingUsers: z.array(z.string()),
  totalCount: z.number().int(),
});

export const invitationListQuery = z.object({
  clientId: id,
  status: invitationStatus.optional(),
  search: z.string().trim().max(200).optional(),
});
export const invitationList = paged(invitation);
export const invitationByIdQuery = z.object({ clientId: id, invitationId: id });
export const invitationsByEmailsQuery = z.object({
  clientId: id,
  /** Comma-separated addresses. */
  emails: z.string().trim().min(3).max(20000),
});
export const deleteInvitationRequest = z.object({ clientId: id, _id: id });
export const updateInvitationRequest = z.object({
  clientId: id,
  _id: id,
  /** Sends the invitation again with a fresh link (the old link stops working) and a new expiry. */
  resend: z.boolean().optional(),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  ...productTypes,
});
export const invitationMessageReply = z.object({ message: z.string(), invitation });

// The guest page /user-invitation
export const invitationTokenQuery = z.object({ token: z.string().trim().min(20).max(300) });
export const publicInvitation = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  clientName: z.string(),
  invitedByName: z.string(),
  purpose: invitationPurpose,
  expiresAt: isoDate,
  /** The client signs in through its identity provider: the page offers "Sign in with SSO". */
  sso: z.boolean(),
});
export const acceptInvitationRequest = z.object({
  token: z.string().trim().min(20).max(300),
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  password,
});
export const tokensReply = z.object({ accessToken: z.string(), refreshToken: z.string().optional(), expiresIn: z.number().int() });
export const acceptInvitationReply = z.object({ tokens: tokensReply, user, redirectTo: z.string() });

// The /team screen
export const teamQuery = z.object({ clientId: id, search: z.string().trim().max(200).optional() });
export const teamMember = z.object({
  _id: id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userTypeGlobal: z.string(),
  userTypeWave: productUserType,
  userTypeHarvest: productUserType,
  userTypeHarvestPlus: productUserType,
  userTypeCultivate: productUserType,
  userTypeMotivator: productUserType,
  status: statusEnum,
  lastSignInAt: isoDate.nullable(),
  /** Account managers (recruiters) of the client are listed but managed on the client page. */
  manager: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;
export const teamReply = z.object({ members: z.array(teamMember), invitations: z.array(invitation) });

// Single sign-on settings (per client; the switch is the client's `sso`)
const httpsUrl = z
  .url()
  .max(500)
  .refine((u) => /^https?:\/\//i.test(u), 'issuer must be an http(s) URL');
const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Email domains must look like example.com');
/**
 * A claimed email domain and its proof (docs/decisions/0402-sso-domain-proof.md): pending until the
 * TXT record `txtRecord` is found on the domain; only verified domains route a sign-in.
 */
export const ssoDomainState = z.object({
  domain: z.string(),
  status: z.enum(['pending', 'verified']),
  /** The TXT record to publish on the domain itself, e.g. `hh-verification=3f9c…`. */
  txtRecord: z.string(),
  checkedAt: isoDate.nullable(),
  verifiedAt: isoDate.nullable(),
});
export type SsoDomainState = z.infer<typeof ssoDomainState>;
export const ssoSettings = z.object({
  clientId: id,
  sso: z.boolean(),
  issuer: z.string().nullable(),
  oidcClientId: z.string().nullable(),
  /** The secret is write-only: only whether one is stored is returned. */
  hasClientSecret: z.boolean(),
  emailDomains: z.array(z.string()),
  /** Each of `emailDomains` with its proof state. */
  domains: z.array(ssoDomainState),
});
export type SsoSettings = z.infer<typeof ssoSettings>;
export const ssoSettingsQuery = z.object({ clientId: ssoSettings.shape.clientId });
export const updateSsoSettingsRequest = z.object({
  clientId: id,
  sso: z.boolean(),
  issuer: httpsUrl,
  oidcClientId: z.string().trim().min(1).max(300),
  oidcClientSecret: z.string().min(1).max(1000).optional(),
  emailDomains: z.array(emailDomain).min(1).max(50),
});
/** "Check now": looks for the domain's TXT record. */
export const ssoCheckDomainRequest = z.object({ clientId: id, domain: emailDomain });
export const ssoCheckDomainReply = z.object({ domain: ssoDomainState, message: z.string() });
/** Discovery answers the same for every address (it must not tell which domains use SSO): where to continue. */
export const ssoDiscoverQuery = z.object({ email });
export const ssoDiscoverReply = z.object({ sso: z.boolean(), startUrl: z.string().nullable() });
export const ssoStartQuery = z.object({ email: z.string().trim().toLowerCase().max(254).optional(), invitation: z.string().max(300).optional() });
export const ssoCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(300).optional(),
  error: z.string().max(300).optional(),
  error_description: z.string().max(1000).optional(),
  iss: z.string().max(500).optional(),
});
export const ssoExchangeRequest = z.object({ ticket: z.string().min(20).max(300) });
export const ssoExchangeReply = z.object({ tokens: tokensReply, user, redirectTo: z.string(), id_token: z.string(), refresh_token: z.string() });
export const ssoLogoutReply = z.object({ logoutUrl: z.string().nullable() });

// Question bank (recruiting spec §7): global (admins) or client-scoped, with a destination.
export const questionDestinations = ['applyForm', 'waveQuestionnaire', 'prequalification', 'indeedScreener'] as const;
export const questionDestination = z.enum(questionDestinations);
export const answerType = z.enum(['text', 'textarea', 'yesNo', 'singleChoice', 'multipleChoice', 'number', 'date']);
export type QuestionDestination = z.infer<typeof questionDestination>;
export type AnswerType = z.infer<typeof answerType>;
/** How the portal names destinations and answer types. */
export const questionDestinationLabels: Record<QuestionDestination, string> = {
  applyForm: 'Apply form',
  waveQuestionnaire: 'Wave questionnaire',
  prequalification: 'Prequalification',
  indeedScreener: 'Indeed screener',
};
export const answerTypeLabels: Record<AnswerType, string> = {
  text: 'Short text',
  textarea: 'Long text',
  yesNo: 'Yes / No',
  singleChoice: 'One of several answers',
  multipleChoice: 'Several answers',
  number: 'Number',
  date: 'Date',
};
export const question = z.object({
  _id: id,
  clientId: id.nullable(),
  isGlobal: z.boolean(),
  destination: questionDestination,
  question: z.string(),
  answerType,
  options: z.array(z.string()),
  required: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Question = z.infer<typeof question>;
const questionFields = {
  destination: questionDestination,
  question: z.string().trim().min(1).max(1000),
  answerType: answerType.default('text'),
  options: z.array(z.string().trim().min(1).max(300)).max(50).default([]),
  required: z.boolean().default(false),
};
export const createQuestionRequest = z.object({ clientId: id.optional(), isGlobal: z.boolean().default(false), ...questionFields });
export const updateQuestionRequest = z.object({
  _id: id,
  clientId: id.optional(),
  destination: questionDestination.optional(),
  question: questionFields.question.optional(),
  answerType: answerType.optional(),
  options: questionFields.options.unwrap().optional(),
  required: z.boolean().optional(),
});
export const questionListQuery = z.object({
  clientId: id.optional(),
  isGlobal: queryBool.optional(),
  destination: questionDestination.optional(),
});
export const questionGetByQuery = z.object({ questionId: id.optional(), clientId: id.optional(), destination: questionDestination.optional() });
export const questionParams = z.object({ questionId: id });
export const questionReply = z.object({ message: z.string(), question });
export const questionList = paged(question);

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
export const messageOnlyReply = z.object({ message: z.string() });

// GET api/errors: the message catalogue (docs/decisions/0042-errors-catalogue.md)
export const errorCatalogueEntry = z.object({
  key: z.string(),
  area: z.string(),
  type: z.enum(['success', 'error', 'info']),
  text: z.string(),
});
export const errorCatalogueReply = z.object({ results: z.array(errorCatalogueEntry), totalCount: z.number().int() });

export { statusEnum };

export const errors = SIGNED_IN_ERRORS;
