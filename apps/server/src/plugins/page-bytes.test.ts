import { describe, expect, it } from 'vitest';
import { hashInlineScripts, pickEncoding } from './page-bytes.ts';
import { NONCE_PLACEHOLDER } from './security.ts';

describe('a cached page as the same bytes for everyone', () => {
  it('picks br before gzip, honours q=0 and *, and sends identity when neither is accepted', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('BR;Q=0.1')).toBe('br');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('')).toBeNull();
  });

  it('allows each inline script by its hash, and keeps the nonce when a script by URL needs it', () => {
    const page = `<p>x</p><script nonce="${NONCE_PLACEHOLDER}">a()</script><script type="application/ld+json">{}</script><script nonce="${NONCE_PLACEHOLDER}">b()</script>`;
    const hashed = hashInlineScripts(page);
    expect(hashed?.body).toBe('<p>x</p><script>a()</script><script type="application/ld+json">{}</script><script>b()</script>');
    // sha256("a()") and sha256("b()"), base64.
    expect(hashed?.csp.value).toContain("script-src 'self' 'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=' 'sha256-");
    expect(hashed?.csp.value).not.toContain('nonce');
    expect(hashed?.csp.value).toMatch(/'sha256-[^']+' https:\/\/www\.googletagmanager\.com/);
    expect(hashInlineScripts(`<script src="https://tags.example.com/a.js" nonce="${NONCE_PLACEHOLDER}" defer></script>`)).toBeNull();
    expect(hashInlineScripts('<p>no scripts</p>')?.csp.value).toContain("script-src 'self' https://www.googletagmanager.com");
  });
});
