import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, mailText, setupTestApp, startSmtp, type TestApp } from '../../../test/helpers.ts';

/** Campaigns (decision 0012 "Campaigns"): editor calls, test send, send through the queue to loopback SMTP, unsubscribe. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
let H: Record<string, string>;
const ids: Record<string, string> = {};
let listId: string;
let campaignId: string;

const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = H) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));
/** A header of a raw mail, its folded lines joined. */
const header = (raw: string, name: string) => {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return head
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
};
const tokenIn = (raw: string) => mailText(raw).match(/\/api\/campaigns\/unsubscribe\?token=([A-Za-z0-9_.-]+)/)?.[1] ?? '';

async function waitFor<T>(fn: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function draftFor(list: string) {
  const d = await call('POST', '/api/candidates-list/campaigndraft', { clientId: A.client.id, listId: list, name: 'Spring hiring' });
  expect(d.statusCode, d.body).toBe(201);
  return d.json()._id as string;
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await setupTestApp({ SMTP_URL: smtp.url });
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  H = A.recruiterAuth.headers;
  for (const [key, firstName, email] of [
    ['ana', 'Ana <b>', 'ana@cand.example'],
    ['ben', 'Ben', 'ben@cand.example'],
    ['gone', 'Gone', 'gone@cand.example'],
  ]) {
    const r = await call('POST', '/api/crm/candidates/create', { clientId: A.client.id, firstName, lastName: 'Doe', email });
    expect(r.statusCode, r.body).toBe(201);
    ids[key] = r.json()._id;
  }
  // Erased (anonymised) candidates are never mailed.
  await t.app.db.execute(sql`UPDATE candidates SET anonymized_at = now() WHERE client_id = ${A.client.id} AND id = ${ids.gone}`);
  const l = await call('POST', '/api/candidates-lists/create', { clientId: A.client.id, name: 'Nurses', candidateIds: [ids.ana, ids.ben, ids.gone] });
  expect(l.statusCode, l.body).toBe(201);
  listId = l.json()._id;
  campaignId = await draftFor(listId);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('campaign editor', () => {
  it('lists the draft with its list, and counts who a send would skip', async () => {
    const r = await call('GET', `/api/campaigns?clientId=${A.client.id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().totalCount).toBe(1);
    expect(r.json().results[0]).toMatchObject({
      _id: campaignId,
      listId,
      listName: 'Nurses',
      name: 'Spring hiring',
      status: 'draft',
      listCount: 3,
      skipped: { unsubscribed: 0, anonymised: 1, noEmail: 0, duplicate: 0 },
      sentCount: 0,
    });
  });

  it('saves sanitised HTML and refuses an unknown merge field with a clear 400', async () => {
    const bad = await call('PATCH', '/api/campaigns/update', { clientId: A.client.id, _id: campaignId, subject: 'Hi {{fristName}}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errorMsg: { subject: [messages.crm.mergeFieldUnknown('fristName')] } });
    const r = await call('PATCH', '/api/campaigns/update', {
      clientId: A.client.id,
      _id: campaignId,
      subject: 'News for {{firstName}}',
      body: '<p onclick="x()">Hello {{firstName}} {{lastName}},</p><script>alert(1)</script><p><a href="javascript:alert(1)">bad</a> <a href="https://a.example/jobs">our jobs</a></p>',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe('Campaign saved.');
    expect(r.json().body).toBe(
      '<p>Hello {{firstName}} {{lastName}},</p><p><a rel="noopener" target="_blank">bad</a> <a href="https://a.example/jobs" rel="noopener" target="_blank">our jobs</a></p>',
    );
  });

  it('previews the mail for a real recipient of the list, merge values escaped', async () => {
    const r = await call('POST', '/api/campaigns/preview', { clientId: A.client.id, _id: campaignId, body: '<p>Dear {{firstName}}</p>' });
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json();
    expect(p.recipient).toEqual({ _id: ids.ana, firstName: 'Ana <b>', lastName: 'Doe', email: 'ana@cand.example' });
    expect(p.recipients.map((x: { _id: string }) => x._id)).toEqual([ids.ana, ids.ben]);
    expect(p.subject).toBe('News for Ana <b>');
    expect(p.html).toContain('Dear Ana &lt;b&gt;');
    const ben = await call('POST', '/api/campaigns/preview', { clientId: A.client.id, _id: campaignId, candidateId: ids.ben });
    expect(ben.json().html).toContain('Hello Ben Doe,');
  });

  it('refuses another tenant', async () => {
    const r = await call('GET', `/api/campaigns/${campaignId}?clientId=${A.client.id}`, undefined, B.recruiterAuth.headers);
    expect([403, 404]).toContain(r.statusCode);
    const own = await call('GET', `/api/campaigns/${campaignId}?clientId=${B.client.id}`, undefined, B.recruiterAuth.headers);
    expect(own.statusCode).toBe(404);
    expect(own.json()).toEqual({ errorMsg: { campaigns: [messages.crm.campaignNotFound] } });
  });
});

describe('sending', () => {
  it('sends a test to the recruiter only, marked [Test]', async () => {
    const r = await call('POST', '/api/campaigns/send-test', { clientId: A.client.id, _id: campaignId });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ message: 'Test email sent.', to: A.recruiter.email });
    const m = await smtp.waitFor(A.recruiter.email);
    expect(header(m.raw, 'Subject')).toBe('[Test] News for Ana <b>');
    expect(mailsTo('ana@cand.example')).toHaveLength(0);
    expect((await call('GET', `/api/campaigns/${campaignId}?clientId=${A.client.id}`)).json().status).toBe('draft');
  });

  it('sends one mail per candidate through the queue, skips the anonymised one, and only once', async () => {
    const r = await call('POST', '/api/campaigns/send', { clientId: A.client.id, _id: campaignId });
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json()).toMatchObject({ message: 'Campaign sent to 2 candidate(s).', status: 'sending', totalCount: 2, skippedCount: 1 });
    const ana = await smtp.waitFor('ana@cand.example');
    const ben = await smtp.waitFor('ben@cand.example');
    expect(mailText(ana.raw)).toContain('Hello Ana <b> Doe,');
    expect(mailText(ana.raw)).toContain('Hello Ana &lt;b&gt; Doe,');
    expect(mailText(ben.raw)).toContain('Hello Ben Doe,');
    expect(header(ana.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(ana.raw, 'List-Unsubscribe')?.replace(/\s/g, '')).toContain(`/api/campaigns/unsubscribe?token=${tokenIn(ana.raw)}`);
    expect(mailsTo('gone@cand.example')).toHaveLength(0);
    const done = await waitFor(async () => {
      const c = (await call('GET', `/api/campaigns/${campaignId}?clientId=${A.client.id}`)).json();
      return c.status === 'sent' && c;
    });
    expect(done).toMatchObject({ sentCount: 2, totalCount: 2, skippedCount: 1, skipped: { anonymised: 1 } });
    expect(done.sentAt).toEqual(expect.any(String));
    const rows = await t.app.db.execute<{ candidate_id: string; status: string; reason: string | null }>(
      sql`SELECT candidate_id, status, reason FROM campaign_recipients WHERE client_id = ${A.client.id} AND campaign_id = ${campaignId} ORDER BY email`,
    );
    expect(rows.rows).toEqual([
      { candidate_id: ids.ana, status: 'sent', reason: null },
      { candidate_id: ids.ben, status: 'sent', reason: null },
      { candidate_id: ids.gone, status: 'skipped', reason: 'anonymised' },
    ]);
    const timeline = (await call('GET', `/api/crm/candidate/${ids.ben}/timeline?clientId=${A.client.id}`)).json();
    expect(timeline.results.some((e: { type: string; data: { campaignId?: string } }) => e.type === 'campaign' && e.data.campaignId === campaignId)).toBe(true);

    const again = await call('POST', '/api/campaigns/send', { clientId: A.client.id, _id: campaignId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorMsg: { campaigns: [messages.crm.campaignAlreadySent] } });
    const edit = await call('PATCH', '/api/campaigns/update', { clientId: A.client.id, _id: campaignId, subject: 'x' });
    expect(edit.statusCode).toBe(409);
  });
});

describe('unsubscribe', () => {
  it('refuses a tampered token, confirms on GET, unsubscribes on the one-click POST, and later sends skip the address', async () => {
    const token = tokenIn(mailsTo('ana@cand.example')[0].raw);
    expect(token.length).toBeGreaterThan(40);
    // One character changed in the signature, or the payload: not ours.
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    for (const bad of [flip(token, token.length - 3), flip(token, 40), 'not-a-token']) {
      const g = await t.app.inject({ method: 'GET', url: `/api/campaigns/unsubscribe?token=${bad}` });
      expect(g.statusCode).toBe(400);
      expect(g.body).toContain(messages.crm.unsubscribeInvalid);
      const p = await t.app.inject({
        method: 'POST',
        url: `/api/campaigns/unsubscribe?token=${bad}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(p.statusCode).toBe(400);
    }
    expect(await countRows(t.app, 'campaign_unsubscribes')).toBe(0);

    const page = await t.app.inject({ method: 'GET', url: `/api/campaigns/unsubscribe?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('ana@cand.example will no longer receive campaign emails');
    expect(page.body).toContain(`<form method="post" action="/api/campaigns/unsubscribe?token=${token}">`);
    expect(await countRows(t.app, 'campaign_unsubscribes')).toBe(0);

    const post = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain(messages.crm.unsubscribed);
    const rows = await t.app.db.execute(sql`SELECT client_id, email FROM campaign_unsubscribes`);
    expect(rows.rows).toEqual([{ client_id: A.client.id, email: 'ana@cand.example' }]);
    // Twice is fine.
    const twice = await t.app.inject({ method: 'POST', url: `/api/campaigns/unsubscribe?token=${token}` });
    expect(twice.statusCode).toBe(200);

    // Shown in the CRM.
    const ana = (await call('GET', `/api/crm/candidate/${ids.ana}?clientId=${A.client.id}`)).json();
    expect(ana.unsubscribed).toBe(true);
    expect((await call('GET', `/api/crm/candidate/${ids.ben}?clientId=${A.client.id}`)).json().unsubscribed).toBe(false);
    const timeline = (await call('GET', `/api/crm/candidate/${ids.ana}/timeline?clientId=${A.client.id}`)).json();
    expect(timeline.results[0].type).toBe('unsubscribed');

    // A second campaign to the same list skips her.
    const second = await draftFor(listId);
    await call('PATCH', '/api/campaigns/update', { clientId: A.client.id, _id: second, subject: 'Second', body: '<p>Again {{firstName}}</p>' });
    const before = (await call('GET', `/api/campaigns/${second}?clientId=${A.client.id}`)).json();
    expect(before.skipped).toEqual({ unsubscribed: 1, anonymised: 1, noEmail: 0, duplicate: 0 });
    const r = await call('POST', '/api/campaigns/send', { clientId: A.client.id, _id: second });
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json().message).toBe('Campaign sent to 1 candidate(s).');
    await waitFor(async () => mailsTo('ben@cand.example').length === 2);
    await waitFor(async () => (await call('GET', `/api/campaigns/${second}?clientId=${A.client.id}`)).json().status === 'sent');
    expect(mailsTo('ana@cand.example')).toHaveLength(1);
  });

  it('refuses a send when nobody on the list can receive it, and the draft stays a draft', async () => {
    const l = await call('POST', '/api/candidates-lists/create', { clientId: A.client.id, name: 'Nobody', candidateIds: [ids.ana, ids.gone] });
    const k = await draftFor(l.json()._id);
    await call('PATCH', '/api/campaigns/update', { clientId: A.client.id, _id: k, subject: 'S', body: '<p>B</p>' });
    const r = await call('POST', '/api/campaigns/send', { clientId: A.client.id, _id: k });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ errorMsg: { campaigns: [messages.crm.campaignNoRecipients] } });
    expect((await call('GET', `/api/campaigns/${k}?clientId=${A.client.id}`)).json().status).toBe('draft');
    expect(await countRows(t.app, 'campaign_recipients', `campaign_id = '${k}'`)).toBe(0);
  });
});
