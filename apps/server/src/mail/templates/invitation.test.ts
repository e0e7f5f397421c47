import { describe, expect, it } from 'vitest';
import { humanExpiry, invitation } from './invitation.tsx';

describe('the invitation mail words its expiry for people', () => {
  it('turns a machine date into a day and a named time zone', () => {
    expect(humanExpiry('Fri, 04 Dec 2026 09:29:48 GMT')).toBe('Friday, December 4, 2026 at 9:29 AM UTC');
    expect(humanExpiry(new Date('2026-12-04T17:05:00Z'))).toBe('Friday, December 4, 2026 at 5:05 PM UTC');
    expect(humanExpiry('2026-12-04T09:29:48.000Z')).toBe('Friday, December 4, 2026 at 9:29 AM UTC');
    // Text already written for people is kept as it is.
    expect(humanExpiry('Mon, 30 Nov 2026')).toBe('Mon, 30 Nov 2026');
  });

  it('the mail text never shows "GMT" or seconds', () => {
    const data = { firstName: 'Ann', clientName: 'Acme', inviterName: 'Bo', link: 'https://x/y', expiresAt: 'Fri, 04 Dec 2026 09:29:48 GMT' };
    const text = invitation.text(data, { name: 'Acme', logoUrl: null, accentColor: '#1a5fb4' } as Parameters<typeof invitation.text>[1]);
    expect(text).toContain('expires on Friday, December 4, 2026 at 9:29 AM UTC.');
    expect(text).not.toContain('GMT');
  });
});
