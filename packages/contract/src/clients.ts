import { z } from 'zod';
import { id, isoDate, nullableUrlField, paged, queryBool, statusEnum, urlField } from './common.ts';
import { firstScreenCalls } from './first-screen-calls.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

const str = (max = 500) => z.string().trim().max(max);
const nstr = (max = 500) => str(max).nullable();

export const clientAddress = z.object({
  address1: nstr(200).optional(),
  address2: nstr(200).optional(),
  city: nstr(120).optional(),
  state: nstr(120).optional(),
  zipCode: nstr(20).optional(),
});

export const subscriptions = z.object({
  cultivate: z.boolean().default(false),
  harvest: z.boolean().default(false),
  harvestPlus: z.boolean().default(false),
  wave: z.boolean().default(false),
  motivator: z.boolean().default(false),
  media: z.boolean().default(false),
});
export type Subscriptions = z.infer<typeof subscriptions>;

/** A lower-case, URL-safe slug: letters, digits and single hyphens. */
export const slug = z
  .string()
  .trim()
  .min(2)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'nameSlug may contain only lower-case letters, digits and single hyphens');

export const domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?$/, 'domainURL must be a host name such as careers.example.com');

const questionsGroup = z.object({ id: str(100), questions: z.unknown() });

/** Client fields a caller may write (core spec §3). */
export const clientWritable = z.object({
  name: str(200).min(1),
  nameSlug: slug,
  domainURL: domain.nullable(),
  jobBoardDomain: domain.nullable(),
  virtualAppName: nstr(100),
  address: clientAddress,
  applicantResume: z.boolean(),
  quickApplyOption: z.boolean(),
  selectedIndeedQuestions: z.array(z.unknown()).max(500),
  phoneNumber: nstr(40),
  timeZone: nstr(80),
  industry: nstr(120),
  contractNumber: nstr(80),
  accountManagers: z.array(id).max(100),
  status: statusEnum,
  mediaLibraryData: z.record(z.string(), z.unknown()).nullable(),
  aiSearch: z.boolean(),
  sso: z.boolean(),
  jobsFeedUrl: nullableUrlField(),
  subscriptions,
  candidateAPIPublicKey: nstr(200),
  candidateAPIKey: nstr(200),
  candidateAPIKeyRenewalDate: isoDate.nullable(),
  integrations: z.record(z.string(), z.unknown()),
  unreadConversationsCount: z.number().int().min(0),
  pageSummary: z.array(z.object({ pageName: str(200) }).catchall(z.unknown())).max(1000),
  indeedApplyQuestionsGroups: z.array(questionsGroup).max(500),
  defaultIndeedApplyQuestions: z.unknown().nullable(),
  ga4MeasurementId: z
    .string()
    .trim()
    .regex(/^G-[A-Z0-9]{4,20}$/, 'ga4MeasurementId must look like G-XXXXXXX')
    .nullable(),
  logo: nullableUrlField(),
  utmSource: nstr(200),
  utmMedium: nstr(200),
});

export const createClientRequest = clientWritable.partial().extend({ name: str(200).min(1) });
export type CreateClientRequest = z.infer<typeof createClientRequest>;

export const updateClientRequest = clientWritable.partial().extend({ _id: id });
export type UpdateClientRequest = z.infer<typeof updateClientRequest>;

/** A client as the API returns it. candidateAPIKey is write-only and never returned. */
export const client = clientWritable.omit({ candidateAPIKey: true }).extend({
  // Replies carry what is stored; a value saved before the URL rule is refused on write, not on read.
  logo: z.string().nullable(),
  jobsFeedUrl: z.string().nullable(),
  _id: id,
  hasCandidateAPIKey: z.boolean(),
  createdBy: id.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Client = z.infer<typeof client>;

export const clientListQuery = z.object({
  createdBy: id.optional(),
  search: z.string().max(200).optional(),
  status: statusEnum.optional(),
  product: z.enum(['cultivate', 'harvest', 'harvestPlus', 'wave', 'motivator', 'media']).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export const clientListReply = paged(client);

export const clientIdQuery = z.object({ clientId: id });
export const nameSlugQuery = z.object({ nameSlug: z.string().trim().min(1).max(200) });
export const domainQuery = z.object({ domainURL: z.string().trim().min(1).max(253), product: z.string().max(40).optional() });
export const unreadCountReply = z.object({ unreadConversationsCount: z.number().int() });

/** Public subset served to anonymous callers (career site, by slug or domain). */
export const publicClient = client.pick({
  _id: true,
  name: true,
  nameSlug: true,
  domainURL: true,
  jobBoardDomain: true,
  virtualAppName: true,
  logo: true,
  ga4MeasurementId: true,
  subscriptions: true,
  pageSummary: true,
  utmSource: true,
  utmMedium: true,
  status: true,
  aiSearch: true,
});

// Form questions (the wave questionnaire)
export const formQuestion = z.object({ _id: id, clientId: id, question: z.string(), position: z.number().int(), createdAt: isoDate, updatedAt: isoDate });
export const createFormQuestionRequest = z.object({ clientId: id, question: str(1000).min(1), position: z.number().int().min(0).max(10000).optional() });
export const updateFormQuestionRequest = z.object({
  _id: id,
  clientId: id,
  question: str(1000).min(1).optional(),
  position: z.number().int().min(0).max(10000).optional(),
});
export const deleteFormQuestionRequest = z.object({ _id: id, clientId: id });
export const formQuestionList = paged(formQuestion);
export const questionsReply = z.object({ results: z.array(z.object({ _id: id, question: z.string() })), totalCount: z.number().int() });

// Media library
const storedMediaItem = z
  .object({ url: z.string().max(2000), name: z.string().max(300).optional(), type: z.string().max(100).optional() })
  .catchall(z.unknown());
const mediaItem = z.object({ url: urlField(), name: z.string().max(300).optional(), type: z.string().max(100).optional() }).catchall(z.unknown());
export const mediaLibrary = z.object({
  _id: id,
  clientId: id,
  images: z.array(storedMediaItem),
  videos: z.array(storedMediaItem),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export const createMediaLibraryRequest = z.object({
  clientId: id,
  images: z.array(mediaItem).max(5000).default([]),
  videos: z.array(mediaItem).max(5000).default([]),
});
export const updateMediaLibraryRequest = z.object({
  _id: id,
  clientId: id,
  images: z.array(mediaItem).max(5000).optional(),
  videos: z.array(mediaItem).max(5000).optional(),
});
export const mediaLibraryList = paged(mediaLibrary);

export { queryBool };

export const formQuestionReply = formQuestion;
export const mediaLibraryReply = mediaLibrary;
export const getMediaLibraryQuery = clientIdQuery;

// Images (core spec §7 "Images"): multipart upload; the reply names the stored file.
export const imageUploadReply = z.object({
  url: z.string(),
  key: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageUploadReply = z.infer<typeof imageUploadReply>;
/** DELETE /api/image/remove names the file by its storage key or by the url the upload returned. */
export const imageRemoveRequest = z.object({ key: z.string().trim().min(1).max(500).optional(), url: z.string().trim().min(1).max(2500).optional() });

const tags = ['clients'] as const;
const errors = SIGNED_IN_ERRORS;
/** Clients, form questions and the media library (core spec §7 "Clients"; rights in docs/permissions.md). */
export const clientRoutes = {
  create: defineRoute({ method: 'POST', path: '/api/client/create', body: createClientRequest, status: 201, reply: client, errors, tags }),
  update: defineRoute({ method: 'PATCH', path: '/api/client/update', body: updateClientRequest, status: 200, reply: client, errors, tags }),
  list: defineRoute({ ...firstScreenCalls.clientList, query: clientListQuery, status: 200, reply: clientListReply, errors, tags }),
  getById: defineRoute({ method: 'GET', path: '/api/client/get-by-id', query: clientIdQuery, status: 200, reply: client, errors, tags }),
  unreadMessagesCount: defineRoute({
    method: 'GET',
    path: '/api/client/get-unread-messages-count',
    query: clientIdQuery,
    status: 200,
    reply: unreadCountReply,
    errors,
    tags,
  }),
  // Public: the career sites look their client up by slug or by custom domain.
  getBySlug: defineRoute({
    method: 'GET',
    path: '/api/client/get-by-slug',
    auth: 'public',
    query: nameSlugQuery,
    status: 200,
    reply: publicClient,
    errors: [400, 404],
    tags,
  }),
  getByDomain: defineRoute({
    method: 'GET',
    path: '/api/client/get-by-domain',
    auth: 'public',
    query: domainQuery,
    status: 200,
    reply: publicClient,
    errors: [400, 404],
    tags,
  }),
  createFormQuestion: defineRoute({
    method: 'POST',
    path: '/api/client/create-form-question',
    body: createFormQuestionRequest,
    status: 201,
    reply: formQuestionReply,
    errors,
    tags,
  }),
  updateFormQuestion: defineRoute({
    method: 'PATCH',
    path: '/api/client/update-form-question',
    body: updateFormQuestionRequest,
    status: 200,
    reply: formQuestionReply,
    errors,
    tags,
  }),
  deleteFormQuestion: defineRoute({
    method: 'DELETE',
    path: '/api/client/delete-form-question',
    body: deleteFormQuestionRequest,
    status: 200,
    reply: formQuestionReply,
    errors,
    tags,
  }),
  formQuestions: defineRoute({
    method: 'GET',
    path: '/api/client/get-form-questions',
    query: clientIdQuery,
    status: 200,
    reply: formQuestionList,
    errors,
    tags,
  }),
  questions: defineRoute({ method: 'GET', path: '/api/client/get-questions', query: clientIdQuery, status: 200, reply: questionsReply, errors, tags }),
  // Media library: one per client; get returns a list whose first element the portal uses.
  mediaLibrary: defineRoute({
    method: 'GET',
    path: '/api/client/get-media-library',
    query: getMediaLibraryQuery,
    status: 200,
    reply: mediaLibraryList,
    errors,
    tags,
  }),
  updateMediaLibrary: defineRoute({
    method: 'PATCH',
    path: '/api/client/update-media-library',
    body: updateMediaLibraryRequest,
    status: 200,
    reply: mediaLibraryReply,
    errors,
    tags,
  }),
  createMediaLibrary: defineRoute({
    method: 'POST',
    path: '/api/media-library-create',
    body: createMediaLibraryRequest,
    status: 201,
    reply: mediaLibraryReply,
    errors,
    tags,
  }),
};
