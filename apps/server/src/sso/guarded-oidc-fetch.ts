import { messages } from '@hh/contract/messages';
import dns from 'node:dns/promises';
import net from 'node:net';
import type { Config } from '../config.ts';
import { guardedFetch, isBlockedAddress } from '../core/security/guarded-fetch.ts';
import { badRequest } from '../lib/app-error.ts';

/** A provider document (discovery, JWKS, tokens, userinfo) is small: 1 MB is generous. */
const MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;

type SsoConfig = Pick<Config, 'SSO_TEST_ISSUER_ORIGINS'>;

/**
 * The one way SSO reaches an identity provider: every URL openid-client fetches for an issuer
 * (its discovery document, `jwks_uri`, `token_endpoint`, `userinfo_endpoint`) goes through the
 * guarded client of core/security, which refuses loopback, private, link-local and reserved
 * addresses after DNS and never follows a redirect here (openid-client asks for `redirect: manual`).
 * The only exception is a test's own provider: an origin listed in SSO_TEST_ISSUER_ORIGINS, which
 * config.ts accepts only for loopback origins and never with NODE_ENV=production.
 */
export function guardedOidcFetch(config: SsoConfig) {
  return async (url: string, options: { method: string; headers: Record<string, string> | Headers; body?: unknown }): Promise<Response> => {
    const res = await guardedFetch(url, {
      method: options.method,
      // Typed as a record, but openid-client hands over a Headers object.
      headers: options.headers instanceof Headers ? Object.fromEntries(options.headers.entries()) : options.headers,
      body: toBody(options.body),
      maxBytes: MAX_BYTES,
      timeoutMs: TIMEOUT_MS,
      maxRedirects: 0,
      allow: testAllowance(config, url),
      publicMessage: messages.team.ssoFailed,
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) for (const one of [v ?? []].flat()) headers.append(k, one);
    return new Response(res.status === 204 ? null : new Uint8Array(res.body), { status: res.status, headers });
  };
}

function toBody(body: unknown): string | Uint8Array | undefined {
  if (body == null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  throw new Error('SSO: unsupported request body');
}

/** The loopback host of a listed test origin, which the guarded fetch may then reach; nothing otherwise. */
function testAllowance(config: SsoConfig, url: string): string[] {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [];
  }
  return config.SSO_TEST_ISSUER_ORIGINS.includes(u.origin) ? [u.hostname.replace(/^\[|\]$/g, '')] : [];
}

/**
 * On save: an issuer whose host is, or resolves to, a loopback, private or reserved address is a
 * 400 naming it (the guarded fetch would refuse it at sign-in anyway; saying so at once is clearer).
 * A name that does not resolve yet is kept: every later fetch checks the address again.
 */
export async function assertPublicIssuer(config: SsoConfig, issuer: string): Promise<void> {
  const u = new URL(issuer);
  if (config.SSO_TEST_ISSUER_ORIGINS.includes(u.origin)) return;
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const refuse = () => badRequest('issuer', messages.team.ssoIssuerPrivate(issuer));
  if (net.isIP(host)) {
    if (isBlockedAddress(host)) throw refuse();
    return;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw refuse();
  let addresses: { address: string }[] = [];
  try {
    addresses = await dns.lookup(host, { all: true });
  } catch {
    return;
  }
  if (addresses.some((a) => isBlockedAddress(a.address))) throw refuse();
}
