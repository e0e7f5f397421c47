import { randomUUID } from 'node:crypto';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { RESUME_MAX_BYTES } from '../../applications/index.ts';
import type { Deps } from '../../core/deps.ts';
import { conversationMessages, conversationThreads } from '../../db/schema/conversations.ts';
import { sniffResume } from '../../resume-parser/index.ts';
import { type InboundAttachment, recordInbound } from '../store.ts';
import { readReplyToken, referencedMessages, tokenOfAddress } from './reply-address.ts';
import { stripQuoted } from './strip-quoted.ts';

type InboundDeps = Pick<Deps, 'db' | 'storage' | 'config' | 'log'>;

/** A refusal the SMTP listener answers with: the reply code and a message naming the problem (the sender's bounce). */
export class SmtpRefusal extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ThreadRef {
  clientId: string;
  threadId: string;
  candidateId: string;
}

/** The thread a `reply+<token>@…` recipient names; null for an address without a token; a refusal for a bad token. */
export async function threadOfRecipient(deps: Pick<Deps, 'db' | 'config'>, address: string): Promise<ThreadRef | null> {
  const token = tokenOfAddress(address);
  if (token === null) return null;
  const threadId = readReplyToken(deps.config, token);
  const [t] = threadId
    ? await deps.db
        .select({ clientId: conversationThreads.clientId, threadId: conversationThreads.id, candidateId: conversationThreads.candidateId })
        .from(conversationThreads)
        .where(eq(conversationThreads.id, threadId))
        .limit(1)
    : [];
  if (!t) throw new SmtpRefusal(550, messages.conversations.inboundUnknownRecipient(address));
  return t;
}

/** The thread of the newest of our messages that In-Reply-To or References names, else null. */
async function threadOfReferences(deps: Pick<Deps, 'db'>, headers: string[]): Promise<ThreadRef | null> {
  for (const ref of referencedMessages(headers).reverse()) {
    const [m] = await deps.db
      .select({ clientId: conversationMessages.clientId, threadId: conversationMessages.threadId, candidateId: conversationMessages.candidateId })
      .from(conversationMessages)
      .where(and(eq(conversationMessages.clientId, ref.clientId), eq(conversationMessages.id, ref.messageId)))
      .limit(1);
    if (m) return m;
  }
  return null;
}

const IMAGE_TYPES: Array<[number[], string, string]> = [
  [[0x89, 0x50, 0x4e, 0x47], 'png', 'image/png'],
  [[0xff, 0xd8, 0xff], 'jpg', 'image/jpeg'],
  [[0x47, 0x49, 0x46, 0x38], 'gif', 'image/gif'],
];

/** An attachment's type from its bytes (the resume types, or an image), never from its name or declared type. */
function attachmentKind(b: Buffer): { ext: string; contentType: string } | null {
  for (const [sig, ext, contentType] of IMAGE_TYPES) if (b.length >= sig.length && sig.every((x, i) => b[i] === x)) return { ext, contentType };
  return sniffResume(b);
}

const MB = (n: number) => Math.round(n / (1024 * 1024));
const safeName = (name: string, ext: string) => name.replace(/[^\w. -]/g, '_').slice(0, 200) || `attachment.${ext}`;

/**
 * One inbound email, as the listener received it (the raw message and the thread its recipient
 * named, if any): parsed, threaded (the reply token, else In-Reply-To and References), its quoted
 * history stripped, its attachments checked (type by content, resume size limit) and stored, then
 * the message stored in one transaction. Any problem is a refusal naming it, and nothing stays
 * stored (files written before a failed insert are removed).
 */
export async function receiveEmail(deps: InboundDeps, raw: Buffer, recipientThread: ThreadRef | null): Promise<{ messageId: string; threadId: string }> {
  let parsed: Awaited<ReturnType<typeof simpleParser>>;
  try {
    parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  } catch {
    throw new SmtpRefusal(550, messages.conversations.inboundMalformed);
  }
  // No header at all (no line `Name: value` before the body) is not an email.
  if (!parsed.headerLines?.length || !/^[!-9;-~]+:/.test(raw.subarray(0, 1000).toString('latin1')))
    throw new SmtpRefusal(550, messages.conversations.inboundMalformed);
  const from = parsed.from?.value?.[0]?.address;
  if (!from) throw new SmtpRefusal(550, messages.conversations.inboundNoSender);
  const refs = [parsed.inReplyTo ?? '', ...(Array.isArray(parsed.references) ? parsed.references : [parsed.references ?? ''])].map((h) =>
    h.startsWith('<') ? h : `<${h}>`,
  );
  const thread = recipientThread ?? (await threadOfReferences(deps, refs));
  if (!thread) throw new SmtpRefusal(550, messages.conversations.inboundUnknownThread);

  const files: Array<InboundAttachment & { bytes: Buffer }> = [];
  for (const a of parsed.attachments ?? []) {
    const name = a.filename || 'attachment';
    if (a.content.length > RESUME_MAX_BYTES) throw new SmtpRefusal(552, messages.conversations.inboundAttachmentTooLarge(name, MB(RESUME_MAX_BYTES)));
    const kind = attachmentKind(a.content);
    if (!kind) throw new SmtpRefusal(554, messages.conversations.inboundAttachmentType(name));
    files.push({
      filename: safeName(name, kind.ext),
      contentType: kind.contentType,
      sizeBytes: a.content.length,
      storageKey: `conversations/${thread.clientId}/${randomUUID()}.${kind.ext}`,
      bytes: a.content,
    });
  }
  const text = stripQuoted(parsed.text ?? '');
  const stored: string[] = [];
  try {
    for (const f of files) {
      await deps.storage.put(f.storageKey, f.bytes, f.contentType);
      stored.push(f.storageKey);
    }
    const providerId = parsed.messageId ?? null;
    const { message, created } = await recordInbound(deps, {
      clientId: thread.clientId,
      candidateId: thread.candidateId,
      channel: 'email',
      from,
      to: parsed.to ? ([parsed.to].flat()[0]?.value?.[0]?.address ?? '') : '',
      subject: parsed.subject ?? null,
      bodyText: text,
      bodyHtml: null,
      providerId,
      // A sender's server that retries after a lost answer delivers the same Message-ID again: stored once.
      idempotencyKey: providerId ? `email:${providerId}` : null,
      receivedAt: new Date(),
      attachments: files.map(({ bytes: _b, ...f }) => f),
    });
    if (!created) for (const k of stored) await deps.storage.remove(k).catch(() => {});
    return { messageId: message.id, threadId: message.threadId };
  } catch (err) {
    for (const k of stored) await deps.storage.remove(k).catch(() => {});
    deps.log.error({ err }, 'inbound email could not be stored');
    throw new SmtpRefusal(451, messages.conversations.inboundFailed);
  }
}
