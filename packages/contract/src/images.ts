import { z } from 'zod';
import { imageRemoveRequest, imageUploadReply } from './clients.ts';
import { okReply } from './common.ts';
import { messages } from './messages.ts';
import { defineRoute } from './route.ts';

/** POST api/image/upload: the text fields of the multipart form (any order, each cut at 500 characters); the file is `image`. */
export const imageUploadFields = z.object({
  imageType: z.string().max(100).optional(),
  folder: z.string().max(200).optional(),
  fileType: z.string().max(100).optional(),
  fileName: z.string().max(300).optional(),
  clientId: z
    .uuid({ message: messages.server.invalidId })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

const tags = ['images'] as const;
const errors = [400, 401, 403, 404, 413, 415] as const;
/** Images (core spec §7 "Images"); the reply and remove schemas are in clients.ts. */
export const imageRoutes = {
  upload: defineRoute({ method: 'POST', path: '/api/image/upload', multipart: true, status: 201, reply: imageUploadReply, errors, tags }),
  remove: defineRoute({ method: 'DELETE', path: '/api/image/remove', body: imageRemoveRequest, status: 200, reply: okReply, errors, tags }),
};
