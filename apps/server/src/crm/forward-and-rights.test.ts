import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, candidateListMembers, candidateLists, candidates } from '../db/schema/candidates.ts';
import { countRows, createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';

/**
 * Forwarding a profile sends personal data to addresses the sender picks: recipients are counted
 * per user (FORWARD_RECIPIENTS_PER_USER_HOUR, 50 by default) and per client
 * (FORWARD_RECIPIENTS_PER_CLIENT_DAY, set to 100 here), and every forward is in the activity log.
 * The least rights for merge, undo, forward and campaign send (docs/permissions.md "Candidates").
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
const rnd = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await setupTestApp({ FORWARD_RECIPIENTS_PER_CLIENT_DAY: '100' });
  A = await createTenant(t.app);
});
afterAll(async () => t?.close());

async function candidate(over: Partial<typeof candidates.$inferInsert> = {}) {
  const [c] = await t.app.db
    .insert(candidates)
    .values({ clientId: A.client.id, firstName: 'Fwd', lastName: `Ward${rnd()}`, email: `f-${rnd()}@cand.example`, ...over })
    .returning();
  return c;
}

async function staff(products: Record<string, string>) {
  const u = await createUser(t.app, { role: 'user', clientId: A.client.id, products });
  return { user: u, headers: (await signIn(t.app, u.email)).headers };
}

const forward = (headers: Record<string, string>, candidateId: string, n = 20) =>
  t.app.inject({
    method: 'POST',
    url: '/api/crm/forward-profile',
    headers,
    payload: { clientId: A.client.id, candidateId, to: Array.from({ length: n }, (_, i) => `r${i}-${rnd()}@outside.example`), message: 'Look' },
  });

describe('POST /api/crm/forward-profile: limits and the activity log', () => {
  it('15 rapid calls of 20 recipients: 2 pass (40 of 50 an hour), 13 get 429 with the message and Retry-After', async () => {
    const c = await candidate();
    const editor = await staff({ harvest: 'editor' });
    const replies = await Promise.all(Array.from({ length: 15 }, () => forward(editor.headers, c.id)));
    const ok = replies.filter((r) => r.statusCode === 200);
    const limited = replies.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(2);
    expect(limited).toHaveLength(13);
    expect(limited[0].json()).toEqual({ errorMsg: { forward: [messages.crm.forwardTooManyPerUser(50)] } });
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);
    // 40 mails, not 300.
    expect(await countRows(t.app, 'outbox', `client_id = '${A.client.id}' AND to_address LIKE '%@outside.example'`)).toBe(40);
    const log = await t.app.db.execute<{ actor_id: string; entity: string; entity_id: string; changes: Record<string, unknown> }>(sql`
      SELECT actor_id, entity, entity_id, changes FROM activity_logs WHERE client_id = ${A.client.id} AND action = 'forward-profile' ORDER BY created_at`);
    expect(log.rows).toEqual([
      { actor_id: editor.user.id, entity: 'candidate', entity_id: c.id, changes: { recipients: 20, resume: false, message: true } },
      { actor_id: editor.user.id, entity: 'candidate', entity_id: c.id, changes: { recipients: 20, resume: false, message: true } },
    ]);
  });

  it('counts the client across its users: past 100 recipients a day the next forward is a 429', async () => {
    const c = await candidate();
    const second = await staff({ harvest: 'editor' });
    const third = await staff({ cultivate: 'admin' });
    // The first test used 40 of the client's 100.
    expect((await forward(second.headers, c.id)).statusCode).toBe(200);
    expect((await forward(second.headers, c.id)).statusCode).toBe(200);
    expect((await forward(third.headers, c.id, 19)).statusCode).toBe(200);
    const over = await forward(third.headers, c.id, 2);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ errorMsg: { forward: [messages.crm.forwardTooManyPerClient(100)] } });
    // One recipient is still within it; duplicates in one call count once.
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/crm/forward-profile',
      headers: third.headers,
      payload: { clientId: A.client.id, candidateId: c.id, to: ['Same@outside.example', 'same@outside.example'] },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(await countRows(t.app, 'activity_logs', `client_id = '${A.client.id}' AND action = 'forward-profile'`)).toBe(6);
  });
});

describe('least rights: merge, undo a merge, forward, send a campaign', () => {
  async function campaignOfA() {
    const [l] = await t.app.db
      .insert(candidateLists)
      .values({ clientId: A.client.id, name: `List ${rnd()}`, recruiterEmail: 'r@x.example' })
      .returning();
    const c = await candidate();
    await t.app.db.insert(candidateListMembers).values({ clientId: A.client.id, listId: l.id, candidateId: c.id });
    const [k] = await t.app.db
      .insert(campaigns)
      .values({ clientId: A.client.id, listId: l.id, name: 'Rights campaign', subject: 'Hi {{firstName}}', body: '<p>Hello {{firstName}}</p>' })
      .returning();
    return k;
  }
  const phone = () => `+1 415 555 ${Math.floor(Math.random() * 9000 + 1000)}`;

  it('a harvest or cultivate member may not merge, undo, forward or send; an editor may merge, undo and forward; sending needs admin', async () => {
    const member = await staff({ harvest: 'member', cultivate: 'member' });
    const editor = await staff({ harvest: 'editor' });
    const admin = await staff({ cultivate: 'admin' });
    const forbidden = (key: string) => ({ errorMsg: { [key]: [messages.server.forbidden] } });
    const p = phone();
    const s = await candidate({ phone: p });
    const m = await candidate({ phone: p });
    const merge = (h: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/crm/duplicates/merge', headers: h, payload: { clientId: A.client.id, survivorId: s.id, mergedId: m.id } });

    const refused = await merge(member.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(forbidden('merge'));
    const merged = await merge(editor.headers);
    expect(merged.statusCode, merged.body).toBe(201);
    const undo = (h: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/crm/duplicates/merges/${merged.json().merge._id}/undo`, headers: h, payload: { clientId: A.client.id } });
    const undoRefused = await undo(member.headers);
    expect(undoRefused.statusCode).toBe(403);
    expect(undoRefused.json()).toEqual(forbidden('merge'));
    expect((await undo(editor.headers)).statusCode).toBe(200);

    const fwd = await forward(member.headers, s.id, 1);
    expect(fwd.statusCode).toBe(403);
    expect(fwd.json()).toEqual(forbidden('forward'));
    // Members still read and search the candidates.
    expect((await t.app.inject({ method: 'GET', url: `/api/crm/candidate/${s.id}?clientId=${A.client.id}`, headers: member.headers })).statusCode).toBe(200);

    const k = await campaignOfA();
    const send = (h: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/campaigns/send', headers: h, payload: { _id: k.id, clientId: A.client.id } });
    for (const who of [member, editor]) {
      const r = await send(who.headers);
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual(forbidden('campaigns'));
    }
    const sent = await send(admin.headers);
    expect(sent.statusCode, sent.body).toBe(202);
  });
});
