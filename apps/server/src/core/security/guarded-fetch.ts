import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * The one way the server fetches a URL a user gave it (decision 0400: SSRF through
 * `jobsFeedUrl`; later logos, webhooks, calendars and SAP):
 *  - http and https only;
 *  - no loopback, private, link-local (cloud metadata), CGNAT, multicast or reserved address, checked
 *    on the address actually connected to (after DNS, so a name that resolves inside is refused, and
 *    a rebinding answer cannot slip between check and connect) and again on every redirect;
 *  - `allow` (OUTBOUND_ALLOW) names hosts, addresses or CIDRs that may be reached anyway (tests, on-premise feeds);
 *  - the body is streamed and the request aborted as soon as it passes `maxBytes`;
 *  - one time limit covers DNS, connect, redirects and the whole body.
 * Every failure is a GuardedFetchError with one message for the user; the detail goes to the log only,
 * so replies never tell an open port from a closed one.
 */
export class GuardedFetchError extends Error {
  constructor(
    public readonly publicMessage: string,
    public readonly detail: string,
  ) {
    super(publicMessage);
    this.name = 'GuardedFetchError';
  }
}

export interface GuardedFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  /** Hosts, IP addresses or CIDRs reachable although private (comma-separated in OUTBOUND_ALLOW). */
  allow?: string[];
  maxRedirects?: number;
  /** The user-facing text of every failure. */
  publicMessage: string;
  /** GET by default; an OpenID provider's token endpoint takes a POST with a form body (sso/guarded-oidc-fetch.ts). */
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

const blocked = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(a, p, 'ipv4');
for (const [a, p] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(a, p, 'ipv6');

/** True for an address no user-given URL may reach. IPv4-mapped IPv6 (::ffff:127.0.0.1) is checked as IPv4. */
export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function allowList(entries: string[]): { hosts: Set<string>; list: net.BlockList } {
  const hosts = new Set<string>();
  const list = new net.BlockList();
  for (const raw of entries.map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    const [addr, prefix] = raw.split('/');
    const fam = net.isIP(addr);
    if (fam && prefix) list.addSubnet(addr, Number(prefix), fam === 4 ? 'ipv4' : 'ipv6');
    else if (fam) list.addAddress(addr, fam === 4 ? 'ipv4' : 'ipv6');
    else hosts.add(raw);
  }
  return { hosts, list };
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  url: string;
}

export async function guardedFetch(url: string, opts: GuardedFetchOptions): Promise<GuardedResponse> {
  const deadline = Date.now() + opts.timeoutMs;
  const allow = allowList(opts.allow ?? []);
  const fail = (detail: string) => new GuardedFetchError(opts.publicMessage, detail);
  let current = url;
  for (let hop = 0; hop <= (opts.maxRedirects ?? 5); hop++) {
    let u: URL;
    try {
      u = new URL(current);
    } catch {
      throw fail(`not a URL: ${current}`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw fail(`scheme ${u.protocol} refused`);
    const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const hostAllowed = allow.hosts.has(host);
    const addressAllowed = (a: string) => hostAllowed || allow.list.check(a, net.isIP(a) === 6 ? 'ipv6' : 'ipv4') || !isBlockedAddress(a);
    // An address literal never goes through DNS: check it here (`0x7f000001` is already 127.0.0.1 in URL).
    if (net.isIP(host) && !addressAllowed(host)) throw fail(`address ${host} refused`);
    const res = await request(u, deadline, opts.maxBytes, addressAllowed, fail, opts);
    if (res.status >= 300 && res.status < 400 && res.headers.location) {
      current = new URL(res.headers.location, u).toString();
      continue;
    }
    return { ...res, url: u.toString() };
  }
  throw fail('too many redirects');
}

function request(
  u: URL,
  deadline: number,
  maxBytes: number,
  addressAllowed: (a: string) => boolean,
  fail: (d: string) => GuardedFetchError,
  send: Pick<GuardedFetchOptions, 'method' | 'headers' | 'body'> = {},
): Promise<Omit<GuardedResponse, 'url'>> {
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(fail('time limit reached'));
    // The check runs on the resolved address the socket will use (after DNS, every time).
    const lookup: net.LookupFunction = (hostname, options, cb) => {
      dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
        if (err) return (cb as (e: Error) => void)(err);
        const list = addresses as dns.LookupAddress[];
        const bad = list.find((a) => !addressAllowed(a.address));
        if (bad || !list.length) return (cb as (e: Error) => void)(fail(`${hostname} resolves to a refused address ${bad?.address ?? '(none)'}`));
        if ((options as dns.LookupOptions).all) return (cb as (e: null, a: dns.LookupAddress[]) => void)(null, list);
        return (cb as (e: null, a: string, f: number) => void)(null, list[0].address, list[0].family);
      });
    };
    const mod = u.protocol === 'https:' ? https : http;
    const headers = { 'user-agent': 'HumanizeHiring-Fetch/1.0', accept: '*/*', ...send.headers };
    const req = mod.request(u, { method: send.method ?? 'GET', lookup, headers }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        res.resume();
        return resolve({ status, headers: res.headers, body: Buffer.alloc(0) });
      }
      if (status < 200 || status >= 300) {
        res.resume();
        return reject(fail(`answered ${status}`));
      }
      if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
        req.destroy();
        return reject(fail('content-length over the limit'));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > maxBytes) {
          // Aborted at the limit: what arrived so far is dropped, memory stays bounded.
          chunks.length = 0;
          req.destroy();
          reject(fail(`body over ${maxBytes} bytes`));
          return;
        }
        chunks.push(c);
      });
      res.on('end', () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (e) => reject(fail(e.message)));
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(fail('time limit reached'));
    }, remaining);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (e) => reject(e instanceof GuardedFetchError ? e : fail(e.message)));
    req.end(send.body);
  });
}
