import { z } from 'zod';
import { id, isoDate } from './common.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

/**
 * Offers (docs/offers.md): the client's offer letter templates, one offer per application with an
 * ordered approval chain, the letter sent as a PDF with a signed link, and the candidate's public
 * answer on the offer page.
 */

/** The merge fields an offer letter may use, inserted with buttons in the editor (never typed). */
export const offerMergeFields = [
  { field: 'candidateName', label: 'Candidate name' },
  { field: 'jobTitle', label: 'Job title' },
  { field: 'salary', label: 'Salary' },
  { field: 'currency', label: 'Currency' },
  { field: 'startDate', label: 'Start date' },
  { field: 'managerName', label: 'Manager' },
  { field: 'expiryDate', label: 'Offer expiry' },
  { field: 'companyName', label: 'Company name' },
] as const;
export type OfferMergeField = (typeof offerMergeFields)[number]['field'];
export const offerMergeFieldNames: readonly string[] = offerMergeFields.map((f) => f.field);

const tags = ['offers'] as const;
const publicErrors = [400, 404, 409, 410] as const;

const name = z.string().trim().min(1, 'Give the template a name').max(120, 'The name is at most 120 characters');
const body = z.string().trim().min(1, 'Write the text of the letter').max(50_000, 'The letter is at most 50,000 characters');
const optionalClient = z.object({ clientId: id.optional() });

export const offerTemplate = z.object({
  _id: z.string(),
  name: z.string(),
  body: z.string(),
  updatedAt: isoDate,
});
export type OfferTemplate = z.infer<typeof offerTemplate>;

export const offerTemplateList = z.object({ results: z.array(offerTemplate) });
export const saveOfferTemplateRequest = z.object({ clientId: id.optional(), name, body });
export const offerTemplateReply = offerTemplate.extend({ message: z.string() });
export const offerTemplateParams = z.object({ id });
export const messageReply = z.object({ message: z.string() });

const currency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'The currency is a three-letter code such as USD or EUR');
const day = z.iso.date({ message: 'The start date is a date such as 2027-01-15' });

export const saveOfferRequest = z.object({
  clientId: id.optional(),
  applicationId: id,
  templateId: id,
  salary: z.number({ message: 'The salary is a number' }).nonnegative('The salary cannot be negative').max(9_999_999_999, 'The salary is too large'),
  currency,
  startDate: day,
  managerName: z.string().trim().min(1, 'Name the hiring manager').max(200, 'The manager’s name is at most 200 characters'),
  expiresAt: z.iso.datetime({ offset: true, message: 'The expiry is a date and time' }),
  approverUserIds: z.array(id).min(1, 'Choose at least one approver').max(10, 'At most 10 approvers'),
});
export type SaveOfferRequest = z.infer<typeof saveOfferRequest>;

export const offerStatus = z.enum(['pending_approval', 'approved', 'sent', 'accepted', 'declined']);
export type OfferStatusValue = z.infer<typeof offerStatus>;

export const offerApproval = z.object({
  position: z.number().int(),
  userId: z.string(),
  name: z.string(),
  approvedAt: isoDate.nullable(),
});

export const offer = z.object({
  _id: z.string(),
  applicationId: z.string(),
  candidateId: z.string(),
  jobId: z.string(),
  templateId: z.string().nullable(),
  salary: z.number(),
  currency: z.string(),
  startDate: z.string(),
  managerName: z.string(),
  expiresAt: isoDate,
  status: offerStatus,
  revision: z.number().int(),
  createdBy: z.string().nullable(),
  approvals: z.array(offerApproval),
  /** Who approves next; null once every approver has approved. */
  currentApproverId: z.string().nullable(),
  /** The signed-in user is the current approver. */
  canApprove: z.boolean(),
  /** The letter as the candidate reads it (sanitised HTML, merge fields filled). */
  letterHtml: z.string(),
  candidateName: z.string(),
  jobTitle: z.string(),
  sentAt: isoDate.nullable(),
  answeredAt: isoDate.nullable(),
  acceptedName: z.string().nullable(),
  acceptedIp: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** The job's open positions now, and whether it is still open (the panel offers to close a filled job). */
  jobOpenPositions: z.number().int(),
  jobStatus: z.string(),
  updatedAt: isoDate,
});
export type Offer = z.infer<typeof offer>;

export const offerReply = offer.extend({ message: z.string() });
export const applicationOfferReply = z.object({ offer: offer.nullable() });
export const offerParams = z.object({ id });
export const approverList = z.object({ results: z.array(z.object({ _id: z.string(), name: z.string(), email: z.string() })) });

/** What the candidate's offer page gets (whitelisted: no internal ids, no approvers, no recruiter contact). */
export const publicOffer = z.object({
  companyName: z.string(),
  candidateName: z.string(),
  jobTitle: z.string(),
  letterHtml: z.string(),
  expiresAt: isoDate,
  state: z.enum(['open', 'accepted', 'declined']),
  answeredAt: isoDate.nullable(),
  acceptedName: z.string().nullable(),
});
export type PublicOffer = z.infer<typeof publicOffer>;
export const publicOfferParams = z.object({ token: z.string().min(1).max(2000) });
export const acceptOfferRequest = z.object({
  fullName: z.string().trim().min(1, 'Type your full name to accept').max(200, 'Your name is at most 200 characters'),
});
export const declineOfferRequest = z.object({ reason: z.string().trim().max(2000, 'The reason is at most 2,000 characters').optional() });
export const publicAnswerReply = z.object({ message: z.string(), state: z.enum(['accepted', 'declined']) });

export const offersRoutes = {
  templates: defineRoute({
    method: 'GET',
    path: '/api/offer-templates',
    query: optionalClient,
    status: 200,
    reply: offerTemplateList,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  createTemplate: defineRoute({
    method: 'POST',
    path: '/api/offer-templates',
    body: saveOfferTemplateRequest,
    status: 201,
    reply: offerTemplateReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  updateTemplate: defineRoute({
    method: 'PUT',
    path: '/api/offer-templates/:id',
    params: offerTemplateParams,
    body: saveOfferTemplateRequest,
    status: 200,
    reply: offerTemplateReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  removeTemplate: defineRoute({
    method: 'DELETE',
    path: '/api/offer-templates/:id',
    params: offerTemplateParams,
    query: optionalClient,
    status: 200,
    reply: messageReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  approvers: defineRoute({
    method: 'GET',
    path: '/api/offers/approvers',
    query: optionalClient,
    status: 200,
    reply: approverList,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  ofApplication: defineRoute({
    method: 'GET',
    path: '/api/applications/:id/offer',
    params: offerParams,
    query: optionalClient,
    status: 200,
    reply: applicationOfferReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  create: defineRoute({ method: 'POST', path: '/api/offers', body: saveOfferRequest, status: 201, reply: offerReply, errors: SIGNED_IN_ERRORS, tags }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/offers/:id',
    params: offerParams,
    body: saveOfferRequest,
    status: 200,
    reply: offerReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/api/offers/:id/approve',
    params: offerParams,
    body: optionalClient,
    status: 200,
    reply: offerReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/offers/:id/send',
    params: offerParams,
    body: optionalClient,
    status: 200,
    reply: offerReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  publicGet: defineRoute({
    method: 'GET',
    path: '/api/offer-letters/:token',
    params: publicOfferParams,
    auth: 'public',
    status: 200,
    reply: publicOffer,
    errors: publicErrors,
    tags,
  }),
  publicPdf: defineRoute({
    method: 'GET',
    path: '/api/offer-letters/:token/pdf',
    params: publicOfferParams,
    auth: 'public',
    status: 200,
    reply: null,
    errors: publicErrors,
    tags,
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/offer-letters/:token/accept',
    params: publicOfferParams,
    body: acceptOfferRequest,
    auth: 'public',
    status: 200,
    reply: publicAnswerReply,
    errors: publicErrors,
    tags,
  }),
  decline: defineRoute({
    method: 'POST',
    path: '/api/offer-letters/:token/decline',
    params: publicOfferParams,
    body: declineOfferRequest,
    auth: 'public',
    status: 200,
    reply: publicAnswerReply,
    errors: publicErrors,
    tags,
  }),
};
