import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

/**
 * The per-thread reply address, `reply+<token>@INBOUND_DOMAIN`: the token is the thread id and a
 * truncated HMAC of it under the server's signing secret, in lower-case base32 (mail systems may
 * change the case of an address), 39 characters, so the whole local part stays under the 64 that
 * RFC 5321 allows. A token that does not verify names no thread: the mail is refused.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function unbase32(s: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of s) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) return null;
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

type Secret = Pick<Config, 'jwtSecret'>;
const mac = (config: Secret, idBytes: Buffer) => createHmac('sha256', config.jwtSecret).update('conversation-reply:').update(idBytes).digest().subarray(0, 8);
const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

export function replyToken(config: Secret, threadId: string): string {
  const id = uuidBytes(threadId);
  return base32(id) + base32(mac(config, id));
}

/** The thread a token names, or null when it is not one we issued (malformed, altered, forged). */
export function readReplyToken(config: Secret, token: string): string | null {
  const t = token.toLowerCase();
  if (t.length !== 39) return null;
  const id = unbase32(t.slice(0, 26))?.subarray(0, 16);
  const sig = unbase32(t.slice(26))?.subarray(0, 8);
  if (id?.length !== 16 || !sig || sig.length !== 8) return null;
  if (!timingSafeEqual(sig, mac(config, id))) return null;
  return uuidOf(id);
}

export const replyAddress = (config: Secret & Pick<Config, 'INBOUND_DOMAIN'>, threadId: string) =>
  `reply+${replyToken(config, threadId)}@${config.INBOUND_DOMAIN}`;

/** The token of a `reply+<token>@domain` recipient (any domain: a forwarding MX may rewrite it), else null. */
export function tokenOfAddress(address: string): string | null {
  const m = /^reply\+([a-z2-7]+)@/i.exec(address.trim());
  return m ? m[1] : null;
}

/**
 * The Message-ID of an email we send: `<message id.client id@INBOUND_DOMAIN>`, so a reply whose
 * reply address was lost still finds its thread by In-Reply-To or References, within its client.
 */
export const messageIdHeader = (config: Pick<Config, 'INBOUND_DOMAIN'>, clientId: string, messageId: string) =>
  `<${messageId}.${clientId}@${config.INBOUND_DOMAIN}>`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const OURS = new RegExp(`<(${UUID})\\.(${UUID})@[^>]+>`, 'gi');

/** Our messages named by In-Reply-To and References (newest reference last), as { clientId, messageId }. */
export function referencedMessages(headers: string[]): { clientId: string; messageId: string }[] {
  const found: { clientId: string; messageId: string }[] = [];
  for (const h of headers) for (const m of h.matchAll(OURS)) found.push({ messageId: m[1].toLowerCase(), clientId: m[2].toLowerCase() });
  return found;
}
