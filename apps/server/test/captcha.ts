import type { FastifyInstance } from 'fastify';

/**
 * Solves a job page's ALTCHA challenge as the page's script does (a visitor's browser): fetches the
 * challenge from the address the page names, finds the counter whose SHA-256 key starts with the prefix, and returns the
 * `altcha` form value. For API tests of the apply form (candidates/, crm/privacy/).
 */
export async function solveJobPageCaptcha(app: FastifyInstance, jobUrl: string): Promise<string> {
  const page = await app.inject({ method: 'GET', url: jobUrl, headers: { accept: 'text/html' } });
  const m = /data-challenge-url="([^"]+)"/.exec(page.body);
  if (!m) throw new Error(`no captcha challenge on ${jobUrl} (status ${page.statusCode})`);
  const res = await app.inject({ method: 'GET', url: m[1].replace(/&amp;/g, '&') });
  if (res.statusCode !== 200) throw new Error(`captcha challenge ${m[1]} answered ${res.statusCode}`);
  const challenge = res.json();
  const p = challenge.parameters;
  const salt = Buffer.from(p.salt, 'hex');
  const nonce = Buffer.from(p.nonce, 'hex');
  const buf = Buffer.alloc(salt.length + nonce.length + 4);
  salt.copy(buf);
  nonce.copy(buf, salt.length);
  for (let i = 0; i < 1e6; i++) {
    buf.writeUInt32BE(i, salt.length + nonce.length);
    const k = Buffer.from(await crypto.subtle.digest('SHA-256', buf))
      .toString('hex')
      .slice(0, p.keyLength * 2);
    if (k.startsWith(p.keyPrefix)) return Buffer.from(JSON.stringify({ challenge, solution: { counter: i, derivedKey: k } })).toString('base64');
  }
  throw new Error('unsolved');
}
