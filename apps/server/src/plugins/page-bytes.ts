import negotiate from '@fastify/accept-negotiator';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { cspWithScriptHashes, NONCE_PLACEHOLDER } from './security.ts';

/**
 * A cached career page as the same bytes for every visitor, so it can be stored compressed
 * (plugins/page-cache.ts). Our inline scripts are fixed text per page (the apply form's, the chat
 * launcher's, GA4's), so the page's CSP allows them by their SHA-256 hashes instead of this
 * response's nonce; nothing per visitor is left in the body. Browsers ask for br or gzip on every
 * request, and compressing a 28 KB page each time cost five times the rest of the request.
 *
 * A page that loads a script by URL under the nonce (a client's own scripts: sites/client-scripts.ts)
 * keeps the nonce: a hash allows inline text only.
 */

const INLINE = new RegExp(`<script nonce="${NONCE_PLACEHOLDER}">([\\s\\S]*?)</script>`, 'g');

export interface HashedPage {
  /** The page with `nonce` attributes removed from its inline scripts. */
  body: string;
  /** The Content-Security-Policy that allows exactly those scripts. */
  csp: { name: string; value: string };
}

/** The page with its inline scripts allowed by hash, or null when a nonce is still needed (a script by URL). */
export function hashInlineScripts(body: string): HashedPage | null {
  const hashes = new Set<string>();
  const out = body.replace(INLINE, (_, script: string) => {
    hashes.add(`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
    return `<script>${script}</script>`;
  });
  if (out.includes(NONCE_PLACEHOLDER)) return null;
  return { body: out, csp: cspWithScriptHashes([...hashes]) };
}

export interface Encoded {
  br: Buffer;
  gzip: Buffer;
}

const STORED: Array<keyof Encoded> = ['br', 'gzip'];
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The page compressed once, off the request thread (zlib's thread pool): brotli at quality 9 (a few
 * ms once per page and data version; smaller than what per-request compression could afford) and gzip.
 */
export async function encodePage(bytes: Buffer): Promise<Encoded> {
  const [br, gzipped] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gz(bytes, { level: 9 }),
  ]);
  return { br, gzip: gzipped };
}

/**
 * The stored encoding the request accepts, br before gzip (q-values, `*`), negotiated as the compress
 * plugin does (@fastify/accept-negotiator, on the lower-cased header). Null: send identity, or let the
 * compress plugin decide.
 */
export function pickEncoding(header: string | string[] | undefined): keyof Encoded | null {
  if (typeof header !== 'string' || !header) return null;
  return negotiate(header.toLowerCase(), STORED);
}
