import { z } from 'zod';
import { id, paged } from './common.ts';
import { defineRoute } from './route.ts';
import { errors } from './shared.ts';

const str = (max = 500) => z.string().trim().max(max);

// ---------- Prequalification questions ----------

export const prequalificationQuestion = z.object({
  id: z.string().trim().min(1).max(64).optional(),
  question: str(500).min(1),
  type: z.enum(['yesno', 'text', 'select']).default('yesno'),
  options: z.array(str(200).min(1)).max(20).default([]),
  required: z.boolean().default(true),
});
export const prequalificationSet = z.object({
  _id: id,
  clientId: id,
  jobId: id.nullable(),
  departmentId: id.nullable(),
  questions: z.array(prequalificationQuestion.required({ id: true })),
  updatedAt: z.string(),
});
export const prequalificationList = paged(prequalificationSet);
export const prequalificationQuery = z.object({ clientId: id, jobId: id.optional(), departmentId: id.optional() });
export const createPrequalificationRequest = z.object({
  clientId: id,
  jobId: id.nullable().optional(),
  departmentId: id.nullable().optional(),
  questions: z.array(prequalificationQuestion).max(50),
});
export const updatePrequalificationRequest = z.object({ _id: id, clientId: id, questions: z.array(prequalificationQuestion).max(50) });
export const prequalificationReply = prequalificationSet.extend({ message: z.string() });
export const deletePrequalificationQuery = z.object({ id: z.uuid(), clientId: z.uuid().optional() });
export const deletePrequalificationReply = z.object({ message: z.string() });

export const prequalificationTags = ['prequalification'];

/** 001 "Prequalification questions" (apps/server/src/prequalification/routes.ts). */
export const prequalificationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/prequalification-questions',
    query: prequalificationQuery,
    status: 200,
    reply: prequalificationList,
    errors,
    tags: prequalificationTags,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/prequalification-questions/create',
    body: createPrequalificationRequest,
    status: 201,
    reply: prequalificationReply,
    errors,
    tags: prequalificationTags,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/prequalification-questions/update',
    body: updatePrequalificationRequest,
    status: 200,
    reply: prequalificationReply,
    errors,
    tags: prequalificationTags,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/prequalification-questions-delete',
    query: deletePrequalificationQuery,
    status: 200,
    reply: deletePrequalificationReply,
    errors,
    tags: prequalificationTags,
  }),
};
