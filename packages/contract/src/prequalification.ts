import {
  createPrequalificationRequest,
  deletePrequalificationQuery,
  deletePrequalificationReply,
  errors,
  prequalificationList,
  prequalificationQuery,
  prequalificationReply,
  prequalificationTags,
  updatePrequalificationRequest,
} from './jobs.ts';
import { defineRoute } from './route.ts';

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
