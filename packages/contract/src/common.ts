import { z } from 'zod';

/**
 * Plain words for the rules a schema states without a message of its own (so the portal's
 * forms show the contract's messages under their fields, and the server answers with the same).
 * A message written on a schema (`.min(1, '…')`) still wins; anything not covered here keeps zod's.
 */
z.config({
  customError: (iss) => {
    if (iss.code === 'too_small' && iss.origin === 'string')
      return Number(iss.minimum) <= 1 ? 'This field is required' : `Use at least ${iss.minimum} characters`;
    if (iss.code === 'too_big' && iss.origin === 'string') return `Use at most ${iss.maximum} characters`;
    if (iss.code === 'too_small' && (iss.origin === 'number' || iss.origin === 'int')) return `Enter ${iss.minimum} or more`;
    if (iss.code === 'too_big' && (iss.origin === 'number' || iss.origin === 'int')) return `Enter ${iss.maximum} or less`;
    if (iss.code === 'invalid_format' && iss.format === 'email') return 'Enter a valid email address';
    if (iss.code === 'invalid_type' && iss.input === undefined) return 'This field is required';
    return undefined;
  },
});

/** Ids are UUIDs; a malformed id is a 400 before any query runs. */
export const id = z.uuid({ message: 'The id is malformed' });
export const isoDate = z.iso.datetime({ offset: true });
const trimmed = (max: number) => z.string().trim().max(max);
export const text = trimmed;

/**
 * The one URL rule (decision 0400, DESIGN "Security by construction"): every URL field of every entity
 * is an absolute http or https address. Browsers drop tabs and newlines inside a scheme and ignore
 * its case (`java\tscript:`, `JavaScript:`), so the check runs on what the WHATWG parser makes of
 * the value, not on the raw text; `javascript:`, `data:`, `vbscript:`, `file:` and relative or
 * protocol-relative addresses are all refused.
 */
export const URL_MESSAGE = 'Enter a full address starting with http:// or https://';
export const MAILTO_URL_MESSAGE = 'Enter a full address starting with http://, https:// or mailto:';
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^/\\]/i.test(value.trim())) return false;
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}
export function isHttpOrMailtoUrl(value: string): boolean {
  const v = value.trim();
  if (/^mailto:/i.test(v)) return /^mailto:[^\s<>"]+@[^\s<>"]+$/i.test(v);
  return isHttpUrl(v);
}
/** An http(s) URL field. `{ mailto: true }` where a mail link is meant. */
export const urlField = (opts: { max?: number; mailto?: boolean } = {}) =>
  z
    .string()
    .trim()
    .max(opts.max ?? 2000)
    .refine(opts.mailto ? isHttpOrMailtoUrl : isHttpUrl, { message: opts.mailto ? MAILTO_URL_MESSAGE : URL_MESSAGE });
/** A nullable URL field; an empty text (a cleared form input) is stored as null. */
export const nullableUrlField = (opts: { max?: number; mailto?: boolean } = {}) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), urlField(opts).nullable());

/** Collections use the spec's names: `results` and `totalCount`. */
export const paged = <T extends z.ZodTypeAny>(item: T) => z.object({ results: z.array(item), totalCount: z.number().int() });

/** The one error envelope: `{ errorMsg: { <key>: [message, ...] } }`. */
export const errorReply = z.object({ errorMsg: z.record(z.string(), z.array(z.string())) });
export type ErrorReply = z.infer<typeof errorReply>;

export const okReply = z.object({ ok: z.literal(true) });

export const statusEnum = z.enum(['Active', 'Suspended']);
export type Status = z.infer<typeof statusEnum>;

/** Query-string booleans arrive as text. */
export const queryBool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');
