import { z } from 'zod';

/** Ids are UUIDs; a malformed id is a 400 before any query runs. */
export const id = z.uuid({ message: 'The id is malformed' });
export const isoDate = z.iso.datetime({ offset: true });
const trimmed = (max: number) => z.string().trim().max(max);
export const text = trimmed;

/** Collections use the spec's names: `results` and `totalCount`. */
export const paged = <T extends z.ZodTypeAny>(item: T) => z.object({ results: z.array(item), totalCount: z.number().int() });

export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** The one error envelope: `{ errorMsg: { <key>: [message, ...] } }`. */
export const errorReply = z.object({ errorMsg: z.record(z.string(), z.array(z.string())) });
export type ErrorReply = z.infer<typeof errorReply>;

export const okReply = z.object({ ok: z.literal(true) });

export const statusEnum = z.enum(['Active', 'Suspended']);
export type Status = z.infer<typeof statusEnum>;

/** Query-string booleans arrive as text. */
export const queryBool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');
