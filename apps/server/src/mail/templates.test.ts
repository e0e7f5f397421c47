import { describe, expect, it } from 'vitest';
import { type Branding, mailTemplates, productBranding, renderMail } from './index.ts';

const acme: Branding = { name: 'Acme & Sons', logoUrl: 'https://cdn.example/acme.png', accentColor: '#0C74E4' };
const hostile = '<script>alert("x")</script>';

/** Every template renders a branded HTML part in which no interpolated value is left unescaped. */
function expectBrandedAndEscaped(html: string) {
  expect(html).toMatch(/^<!DOCTYPE html/);
  expect(html).toContain('src="https://cdn.example/acme.png"');
  expect(html).toContain('alt="Acme &amp; Sons"');
  expect(html).toContain('Sent by Acme &amp; Sons through Humanize Hiring.');
  expect(html).not.toContain('<script');
}

describe('mail templates', () => {
  it('password reset: the link, once, for one hour (product branding without a client)', async () => {
    const m = await renderMail('passwordReset', { link: 'https://hh.example/password-reset?token=abc' }, productBranding);
    expect(m.subject).toBe('Reset your password');
    expect(m.text).toBe(
      'Someone asked to reset the password of your account.\n\nSet a new password here (the link works once, for one hour):\nhttps://hh.example/password-reset?token=abc\n\nIf it was not you, ignore this email.',
    );
    expect(m.html).toContain('href="https://hh.example/password-reset?token=abc"');
    expect(m.html).toContain('Set a new password');
    expect(m.html).toContain('Sent by Humanize Hiring.');
    expect(m.html).toContain('background:#0C74E4');
  });

  it('wave invitation: who invites, the link and the address to sign in with', async () => {
    const data = { firstName: hostile, companyName: 'Acme & Sons', email: 'ann@acme.example', link: 'https://hh.example/create-wave-profile' };
    const m = await renderMail('waveInvitation', data, acme);
    expect(m.subject).toBe('Acme & Sons invites you to record your Wave video profile');
    expect(m.text).toBe(
      `Hello ${hostile},\n\nAcme & Sons would like you to record a short video profile that answers a few questions about your work.\n\nRecord it here: https://hh.example/create-wave-profile\n\nSign in with this email address (ann@acme.example).`,
    );
    expect(m.html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(m.html).toContain('href="https://hh.example/create-wave-profile"');
    expectBrandedAndEscaped(m.html);
  });

  it('wave profile rejected: the reason and where to fix it; "Hello," without a first name', async () => {
    const data = { firstName: null, companyName: 'Acme & Sons', reason: `Too dark ${hostile}`, link: 'https://hh.example/settings/wave-profile' };
    const m = await renderMail('waveProfileRejected', data, acme);
    expect(m.subject).toBe('Your Wave profile needs changes');
    expect(m.text).toBe(
      `Hello,\n\nYour Wave profile for Acme & Sons was not approved.\n\nReason: Too dark ${hostile}\n\nYou can edit it and submit it again: https://hh.example/settings/wave-profile`,
    );
    expect(m.html).toContain('Too dark &lt;script&gt;');
    expect(m.html).toContain('Edit your profile and submit it again');
    expectBrandedAndEscaped(m.html);
  });

  it('embed code: the note, both codes shown as text, the allowed domains', async () => {
    const data = {
      companyName: 'Acme & Sons',
      message: 'For the careers page',
      script: '<script src="https://hh.example/widget/script.js" data-widget-id="w1" async></script>',
      iframe: '<iframe src="https://hh.example/widget/embed/w1"></iframe>',
      domains: [],
    };
    const m = await renderMail('embedCode', data, acme);
    expect(m.subject).toBe('Embed code for the Acme & Sons team widget');
    expect(m.text).toBe(
      `For the careers page\n\nPaste one of these into the page where the widget should appear.\n\nScript tag:\n${data.script}\n\nOr an iframe:\n${data.iframe}\n\nThe widget shows only on these domains: (none yet: add them in the widget setup).`,
    );
    expect(m.html).toContain('&lt;script src=&quot;https://hh.example/widget/script.js&quot; data-widget-id=&quot;w1&quot; async&gt;&lt;/script&gt;');
    expect(m.html).toContain('&lt;iframe src=&quot;https://hh.example/widget/embed/w1&quot;&gt;');
    expectBrandedAndEscaped(m.html);
    const withDomains = await renderMail('embedCode', { ...data, message: null, domains: ['acme.example', 'www.acme.example'] }, acme);
    expect(withDomains.text.startsWith('Paste one of these')).toBe(true);
    expect(withDomains.text).toContain('The widget shows only on these domains: acme.example, www.acme.example.');
  });

  it('new application: candidate, contact, answers', async () => {
    const data = {
      candidate: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phoneNumber: null },
      updated: false,
      job: { title: 'Registered Nurse', referenceNumber: 'RN-1' },
      answers: [{ question: 'Licensed?', answer: `Yes ${hostile}` }],
      link: 'https://hh.example/harvest/cultivate/candidates?candidate=c1',
      withResume: true,
    };
    const m = await renderMail('newApplication', data, acme);
    expect(m.subject).toBe('New application: Registered Nurse');
    expect(m.text).toBe(
      `Ann Lee applied for Registered Nurse (RN-1).\n\nEmail: ann@example.com\nPhone: -\nLicensed? Yes ${hostile}\n\nOpen the application: https://hh.example/harvest/cultivate/candidates?candidate=c1`,
    );
    expect(m.html).toContain('href="https://hh.example/harvest/cultivate/candidates?candidate=c1"');
    expect(m.html).toContain('The resume is attached.');
    expect(m.html).toContain('Licensed?</strong> <!-- -->Yes &lt;script&gt;');
    expectBrandedAndEscaped(m.html);
    const again = await renderMail('newApplication', { ...data, updated: true }, acme);
    expect(again.text.split('\n')[0]).toBe('Ann Lee updated their application for Registered Nurse (RN-1).');
  });

  it('application received: the applicant thanked in the client branding', async () => {
    const m = await renderMail('applicationReceived', { firstName: hostile, jobTitle: 'Registered Nurse' }, acme);
    expect(m.subject).toBe('Acme & Sons: we received your application for Registered Nurse');
    expect(m.text).toBe(
      `Hello ${hostile},\n\nThank you for applying for Registered Nurse at Acme & Sons. We have received your application and will be in touch.\n\nAcme & Sons`,
    );
    expect(m.html).toContain('Hello <!-- -->&lt;script&gt;');
    expectBrandedAndEscaped(m.html);
  });

  it('has a test above for every template', () => {
    expect(Object.keys(mailTemplates).sort()).toEqual([
      'applicationReceived',
      'embedCode',
      'newApplication',
      'passwordReset',
      'waveInvitation',
      'waveProfileRejected',
    ]);
  });
});

describe('mail templates outside Vitest', () => {
  it('render under `node --import tsx` from the repository root, as npm start runs the server', async () => {
    // Vitest compiles JSX its own way; the server itself runs through tsx, which takes the JSX runtime
    // from the root tsconfig.json. Without it every React Email template fails with "React is not defined".
    const { execFileSync } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const script =
      "const m = await import('./apps/server/src/mail/index.ts'); const r = await m.renderMail('passwordReset', { link: 'https://hh.example/x' }, m.productBranding); process.stdout.write(r.subject);";
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(out).toBe('Reset your password');
  }, 60_000);
});
