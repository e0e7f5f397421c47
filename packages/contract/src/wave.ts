import { z } from 'zod';
import { id, isoDate, paged } from './common.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';
import { publicProfile } from './widgets.ts';

/**
 * Wave profiles (core spec §3, §4, §7). Status values are ours (the spec shows only the default
 * "In Progress"): In Progress -> Pending Review -> Approved | Rejected. See docs/wave.md.
 */
export const waveStatuses = ['In Progress', 'Pending Review', 'Approved', 'Rejected'] as const;
export const waveStatus = z.enum(waveStatuses);
export type WaveStatus = z.infer<typeof waveStatus>;

const str = (max: number) => z.string().trim().max(max);

/** One answer per questionnaire question (the client's form questions), one video each. */
export const waveAnswer = z.object({ questionId: id, question: str(1000), videoId: id.nullable().default(null) });
export type WaveAnswer = z.infer<typeof waveAnswer>;

export const basicInfo = z.object({ firstName: str(100), lastName: str(100) });

const writable = z.object({
  basicInfo,
  title: str(200),
  university: str(200),
  interests: str(2000),
  profileVideo: id.nullable(),
  department: str(200),
  departmentId: id.nullable(),
  questions: z.array(waveAnswer).max(50),
});

/** Client-side flag (§3): accepted and ignored by the server. */
const showNotification = z.boolean().optional();

/** The employee's own profile. Staff create in their client; admins and recruiters name it. */
export const createWaveProfileRequest = writable.partial().extend({ clientId: id.optional(), showNotification });
export type CreateWaveProfileRequest = z.input<typeof createWaveProfileRequest>;

/** A manager creates (assigns) a profile for an employee by email; the invitee gets a link. */
export const createEditProfileRequest = writable.partial().extend({ companyId: id, email: z.email().max(254), showNotification });

/** Also approve (status Approved) and reject (status Rejected, with rejectionReason). */
export const updateWaveProfileRequest = writable.partial().extend({
  _id: id,
  status: waveStatus.optional(),
  rejectionReason: str(2000).optional(),
  showNotification,
});

export const waveProfile = z.object({
  _id: id,
  profileId: id,
  clientId: id,
  email: z.string(),
  basicInfo,
  title: z.string(),
  university: z.string(),
  interests: z.string(),
  profileVideo: id.nullable(),
  department: z.string(),
  departmentId: id.nullable(),
  status: waveStatus,
  questions: z.array(z.object({ questionId: id, question: z.string(), videoId: id.nullable() })),
  rejectionReason: z.string().nullable(),
  createdBy: id.nullable(),
  invitedBy: id.nullable(),
  reviewedBy: id.nullable(),
  reviewedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type WaveProfile = z.infer<typeof waveProfile>;
export const waveProfileList = paged(waveProfile);

export const listByCreatorQuery = z.object({ createdBy: id.optional(), status: waveStatus.optional() });
export const invitedByQuery = z.object({ invitedBy: id });
export const byClientQuery = z.object({ clientId: id, status: waveStatus.optional(), departmentId: id.optional() });
export const byDepartmentQuery = z.object({ departmentId: id });
export const byIdQuery = z.object({ profileId: id });
export const companyIdQuery = z.object({ companyId: id });
/** Approved profiles for a job: by the job's department, or a department id or name. Public. */
export const byJobDataQuery = z
  .object({
    clientId: id.optional(),
    nameSlug: str(200).optional(),
    jobId: id.optional(),
    departmentId: id.optional(),
    department: str(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(12),
  })
  .refine((q) => q.clientId || q.nameSlug, { message: 'clientId or nameSlug is required', path: ['clientId'] });
/** GET /api/profiles/wave/get-by-job-data: the approved profiles as public pages show them. */
export const byJobDataReply = paged(publicProfile);

export const dispatchEmbedCodeRequest = z.object({
  clientId: id,
  widgetId: id,
  email: z.union([z.email().max(254), z.array(z.email().max(254)).min(1).max(20)]),
  message: str(2000).optional(),
});
export const messageReply = z.object({ message: z.string() });

/** Server texts the spec leaves to us (docs/wave.md). */

const errors = SIGNED_IN_ERRORS;
const tags = ['wave'];

/** Wave profile calls (core spec §7 Wave profiles). */
export const waveRoutes = {
  create: defineRoute({ method: 'POST', path: '/api/profiles/wave/create', body: createWaveProfileRequest, status: 201, reply: waveProfile, errors, tags }),
  createEditProfile: defineRoute({
    method: 'POST',
    path: '/api/create-edit-profiles/create',
    body: createEditProfileRequest,
    status: 201,
    reply: waveProfile,
    errors,
    tags,
  }),
  editProfiles: defineRoute({ method: 'GET', path: '/api/create-edit-profiles', query: companyIdQuery, status: 200, reply: waveProfileList, errors, tags }),
  update: defineRoute({ method: 'PATCH', path: '/api/profiles/wave/update', body: updateWaveProfileRequest, status: 200, reply: waveProfile, errors, tags }),
  /** With createdBy: that user's profile (the portal uses the first entry). Without: all the caller may see. */
  list: defineRoute({ method: 'GET', path: '/api/profiles/wave', query: listByCreatorQuery, status: 200, reply: waveProfileList, errors, tags }),
  byInvitedBy: defineRoute({
    method: 'GET',
    path: '/api/profiles/wave/get-by-invited-by-id',
    query: invitedByQuery,
    status: 200,
    reply: waveProfileList,
    errors,
    tags,
  }),
  byClient: defineRoute({
    method: 'GET',
    path: '/api/profiles/wave/get-by-client-id',
    query: byClientQuery,
    status: 200,
    reply: waveProfileList,
    errors,
    tags,
  }),
  byDepartment: defineRoute({
    method: 'GET',
    path: '/api/profiles/wave/get-by-department-id',
    query: byDepartmentQuery,
    status: 200,
    reply: waveProfileList,
    errors,
    tags,
  }),
  byJobData: defineRoute({
    method: 'GET',
    path: '/api/profiles/wave/get-by-job-data',
    auth: 'public',
    query: byJobDataQuery,
    status: 200,
    reply: byJobDataReply,
    errors,
    tags,
  }),
  getById: defineRoute({ method: 'GET', path: '/api/profiles/wave/get-by-id', query: byIdQuery, status: 200, reply: waveProfile, errors, tags }),
  dispatchEmbedCode: defineRoute({
    method: 'POST',
    path: '/api/profiles/wave/dispatch-embed-code',
    body: dispatchEmbedCodeRequest,
    status: 200,
    reply: messageReply,
    errors,
    tags,
  }),
};
