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

  it('invitation: who invites to which client, the single-use link and its expiry', async () => {
    const data = {
      firstName: null,
      clientName: 'Acme & Sons',
      inviterName: hostile,
      link: 'https://hh.example/user-invitation?token=t',
      expiresAt: 'Mon, 30 Nov 2026',
    };
    const m = await renderMail('invitation', data, acme);
    expect(m.subject).toBe(`${hostile} invited you to Acme & Sons`);
    expect(m.text).toBe(
      `Hello,\n\n${hostile} invited you to join Acme & Sons on Humanize Hiring.\n\nAccept the invitation and choose your password here:\nhttps://hh.example/user-invitation?token=t\n\nThe link can be used once and expires on Mon, 30 Nov 2026.`,
    );
    expect(m.html).toContain('href="https://hh.example/user-invitation?token=t"');
    expectBrandedAndEscaped(m.html);
  });

  it('referral: the job, the recruiter note and the link', async () => {
    const m = await renderMail('referral', { firstName: 'Ann', jobTitle: 'Nurse', link: 'https://hh.example/job', message: hostile }, acme);
    expect(m.subject).toBe('Acme & Sons: Nurse');
    expect(m.text).toBe(
      `Hello Ann,\n\nAcme & Sons thinks this job could be a good fit for you: Nurse.\n\n${hostile}\n\nSee the job and apply: https://hh.example/job`,
    );
    expectBrandedAndEscaped(m.html);
  });

  it('follow-up: the candidate, the note and the link', async () => {
    const m = await renderMail('followUp', { candidateName: 'Jo Doe', candidateEmail: 'jo@x.example', note: null, link: 'https://hh.example/c' }, acme);
    expect(m.subject).toBe('Follow up: Jo Doe');
    expect(m.text).toBe('Reminder: follow up with Jo Doe (jo@x.example) today.\n\nOpen the candidate: https://hh.example/c');
    expectBrandedAndEscaped(m.html);
  });

  it('a client template replaces the product text of its kind only: filled, escaped, branded, with a text part', async () => {
    const branding: Branding = {
      ...acme,
      templates: {
        referral: {
          subject: '{{jobTitle}} at {{clientName}}',
          emailValue:
            '<p>Hi {{firstName}}, <em>{{jobTitle}}</em> is open.</p><p>{{message}}</p><p><a href="{{link}}">Apply now</a></p><ul><li>one</li><li>two</li></ul>',
        },
        followUp: { subject: '', emailValue: 'Call {{candidateName}}.\n\nNote: {{note}}' },
      },
    };
    const m = await renderMail('referral', { firstName: null, jobTitle: 'Nurse <RN>', link: 'https://hh.example/job?a=1&b=2', message: hostile }, branding);
    expect(m.subject).toBe('Nurse <RN> at Acme & Sons');
    expect(m.text).toBe(`Hi, Nurse <RN> is open.\n\n${hostile}\n\nApply now (https://hh.example/job?a=1&b=2)\n\n- one\n- two`);
    expect(m.html).toContain('<p>Hi, <em>Nurse &lt;RN&gt;</em> is open.</p><p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>');
    expect(m.html).toContain('<a href="https://hh.example/job?a=1&amp;b=2">Apply now</a>');
    expectBrandedAndEscaped(m.html);
    // An empty subject falls back to the product's; a plain-text body keeps its paragraphs.
    const f = await renderMail('followUp', { candidateName: 'Jo', candidateEmail: 'jo@x.example', link: 'https://hh.example/c', note: '' }, branding);
    expect(f.subject).toBe('Follow up: Jo');
    expect(f.text).toBe('Call Jo.\n\nNote:');
    expect(f.html).toContain('<p>Call Jo.</p><p>Note: </p>');
    // An optional field left empty takes its paragraph with it.
    const bare = await renderMail('referral', { firstName: 'A', jobTitle: 'N', link: 'https://hh.example/j', message: '' }, branding);
    expect(bare.html).toContain('is open.</p><p><a href="https://hh.example/j">Apply now</a></p>');
    expect(bare.text).toBe('Hi A, N is open.\n\nApply now (https://hh.example/j)\n\n- one\n- two');
    // Another kind keeps the product's text.
    const other = await renderMail('applicationReceived', { firstName: 'Ann', jobTitle: 'Nurse' }, branding);
    expect(other.subject).toBe('Acme & Sons: we received your application for Nurse');
    // A link value that is not http(s) never becomes a target.
    const js = await renderMail('referral', { firstName: 'A', jobTitle: 'N', link: 'javascript:alert(1)', message: '' }, branding);
    expect(js.html).not.toContain('javascript:');
  });

  it('campaign: the sanitised body as given, the unsubscribe link in both parts', async () => {
    const data = {
      subject: 'News for Ann',
      html: '<p>Hello Ann &lt;b&gt;</p>',
      text: 'Hello Ann <b>',
      unsubscribeUrl: 'https://hh.example/api/campaigns/unsubscribe?token=t1',
    };
    const m = await renderMail('campaign', data, acme);
    expect(m.subject).toBe('News for Ann');
    expect(m.text).toBe(
      'Hello Ann <b>\n\n--\nYou receive this email because you applied to Acme & Sons. Unsubscribe: https://hh.example/api/campaigns/unsubscribe?token=t1',
    );
    expect(m.html).toContain('<p>Hello Ann &lt;b&gt;</p>');
    expect(m.html).toContain('href="https://hh.example/api/campaigns/unsubscribe?token=t1"');
    expectBrandedAndEscaped(m.html);
  });

  it('alert digest: the count, each candidate with a link, the rest counted, where to pause it', async () => {
    const data = {
      alertName: `Nurses ${hostile}`,
      total: 3,
      candidates: [
        { name: hostile, email: 'a@c.example', city: 'Austin', link: 'https://hh.example/harvest/cultivate/candidates?candidate=1' },
        { name: 'Bo Li', email: 'b@c.example', city: null, link: 'https://hh.example/harvest/cultivate/candidates?candidate=2' },
      ],
      searchLink: 'https://hh.example/harvest/cultivate/candidates?searchQuery=nurse',
      manageLink: 'https://hh.example/crm-alerts-setup',
    };
    const m = await renderMail('alertDigest', data, acme);
    expect(m.subject).toBe(`Alert "Nurses ${hostile}": 3 new candidates`);
    expect(m.text).toBe(
      [
        `3 new candidates match your alert "Nurses ${hostile}".`,
        '',
        `- ${hostile} (a@c.example, Austin): https://hh.example/harvest/cultivate/candidates?candidate=1`,
        '- Bo Li (b@c.example): https://hh.example/harvest/cultivate/candidates?candidate=2',
        'and 1 more: https://hh.example/harvest/cultivate/candidates?searchQuery=nurse',
        '',
        'See them all: https://hh.example/harvest/cultivate/candidates?searchQuery=nurse',
        'Change or pause this alert: https://hh.example/crm-alerts-setup',
      ].join('\n'),
    );
    expect(m.html).toContain('href="https://hh.example/crm-alerts-setup"');
    expectBrandedAndEscaped(m.html);
  });

  it('offer letter: the job, the link to answer and the expiry, the letter itself attached by the caller', async () => {
    const data = { firstName: hostile, jobTitle: 'ICU Nurse & Lead', link: 'https://hh.example/offer/tok', expires: '4 December 2026, 23:59 UTC' };
    const m = await renderMail('offerLetter', data, acme);
    expect(m.subject).toBe('Your offer from Acme & Sons: ICU Nurse & Lead');
    expect(m.text).toBe(
      `Hello ${hostile},\n\nAcme & Sons is pleased to offer you the position of ICU Nurse & Lead. Your offer letter is attached as a PDF.\n\nRead it and accept or decline here: https://hh.example/offer/tok\n\nThe offer is open until 4 December 2026, 23:59 UTC.`,
    );
    expect(m.html).toContain('href="https://hh.example/offer/tok"');
    expect(m.html).toContain('<strong>ICU Nurse &amp; Lead</strong>');
    expectBrandedAndEscaped(m.html);
  });

  it('feedback request: the scorecard link, branded and escaped (wording in templates/feedback-request.test.ts)', async () => {
    const data = {
      interviewerFirstName: hostile,
      candidateName: 'Maya Rivera',
      jobTitle: 'ICU Nurse',
      interviewName: 'Panel',
      link: 'https://hh.example/interviews/a/b',
      reminder: false,
    };
    const m = await renderMail('feedbackRequest', data, acme);
    expect(m.html).toContain('href="https://hh.example/interviews/a/b"');
    expectBrandedAndEscaped(m.html);
  });

  it('offer approval: the candidate, the job, the salary and the link to approve, branded and escaped', async () => {
    const m = await renderMail(
      'offerApproval',
      {
        approverFirstName: hostile,
        candidateName: 'Maya Rivera',
        jobTitle: 'ICU Nurse & Lead',
        salary: '85,000 USD',
        link: 'https://hh.example/harvest/jobs/j?candidate=c',
      },
      acme,
    );
    expect(m.subject).toBe('Approval needed: offer for Maya Rivera – ICU Nurse & Lead');
    expect(m.text).toContain('The offer for Maya Rivera (ICU Nurse & Lead, 85,000 USD) waits for your approval.');
    expect(m.text).toContain('Read and approve the offer: https://hh.example/harvest/jobs/j?candidate=c');
    expect(m.html).toContain('href="https://hh.example/harvest/jobs/j?candidate=c"');
    expectBrandedAndEscaped(m.html);
  });

  it('schedulingLink: the booking link, the interview and how long times are offered', async () => {
    const m = await renderMail(
      'schedulingLink',
      {
        firstName: 'Maya',
        jobTitle: 'ICU Nurse',
        interviewName: 'Panel',
        durationMinutes: 45,
        link: 'https://hh.example/schedule/t',
        until: 'December 12, 2026',
      },
      acme,
    );
    expect(m.subject).toContain('Choose a time for your interview');
    expect(m.text).toContain('https://hh.example/schedule/t');
    expect(m.html).toContain('href="https://hh.example/schedule/t"');
    expectBrandedAndEscaped(m.html);
  });

  it('interviewScheduled: booked with the manage link for the candidate; cancelled without it', async () => {
    const data = {
      kind: 'booked' as const,
      firstName: 'Maya',
      candidateName: null,
      jobTitle: 'ICU Nurse',
      interviewName: 'Panel',
      when: 'Monday, December 7, 2026 at 10:00 AM CET',
      manageLink: 'https://hh.example/schedule/t',
    };
    const m = await renderMail('interviewScheduled', data, acme);
    expect(m.text).toContain('is booked for Monday, December 7, 2026 at 10:00 AM CET');
    expect(m.html).toContain('href="https://hh.example/schedule/t"');
    expectBrandedAndEscaped(m.html);
    const c = await renderMail('interviewScheduled', { ...data, kind: 'cancelled' }, acme);
    expect(c.subject.startsWith('Cancelled:')).toBe(true);
    expect(c.text).not.toContain('https://hh.example/schedule/t');
  });

  it('has a test above for every template', () => {
    expect(Object.keys(mailTemplates).sort()).toEqual([
      'alertDigest',
      'applicationReceived',
      'campaign',
      'embedCode',
      'feedbackRequest',
      'followUp',
      'interviewScheduled',
      'invitation',
      'newApplication',
      'offerApproval',
      'offerLetter',
      'passwordReset',
      'referral',
      'schedulingLink',
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
