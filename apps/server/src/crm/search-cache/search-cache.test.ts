import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../../test/helpers.ts';
import { syncNotifications } from '../../plugins/session-cache.ts';
import { candidateSearchCacheOf } from './search-cache.ts';

/**
 * The candidate search cache (decision 0542): a search, then a write of each kind, then the same
 * search shows the write; a repeated search is answered from the cache; the cache never crosses
 * clients or users, and the rights are checked before it on every call.
 */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
let H: Record<string, string>;
let jobId: string;

type Cand = {
  _id: string;
  firstName: string;
  tags: string[];
  favorite: boolean;
  applications: Array<{ _id: string; jobTitle: string; stageName: string | null }>;
};
type Reply = { results: Cand[]; totalCount: number };

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, headers = H) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const ok = async (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) => {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const stats = () => ({ ...candidateSearchCacheOf(t.app.db).stats });
const search = async (query: string, headers = H, clientId = A.client.id): Promise<Reply> => {
  const res = await call('GET', `/api/crm/candidates?clientId=${clientId}&${query}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const create = (firstName: string, extra: Record<string, unknown> = {}) =>
  ok('POST', '/api/crm/candidates/create', {
    clientId: A.client.id,
    firstName,
    lastName: 'Quarrier',
    email: `${firstName.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@cand.example`,
    skills: ['Welding'],
    ...extra,
  }) as Promise<Cand>;
const names = (r: Reply) => r.results.map((c) => c.firstName).sort();

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  H = A.recruiterAuth.headers;
  const j = await call('POST', '/api/job/create', { clientId: A.client.id, title: 'Pipe Welder', zipCode: '78701' }, A.staffAuth.headers);
  jobId = j.json()._id;
});
afterAll(async () => {
  await t?.close();
});

describe('candidate search cache: every write shows in the next search', () => {
  it('create, update, tag, favourite, job and stage, list, merge, erase and a plain SQL write', async () => {
    const Q = 'searchQuery=welding';
    const ana = await create('Ana');
    expect(names(await search(Q))).toEqual(['Ana']);
    // The same search again is a hit, with the same reply.
    const before = stats();
    expect(names(await search(Q))).toEqual(['Ana']);
    expect(stats().hits).toBe(before.hits + 1);

    // Create.
    const bo = await create('Bo');
    expect(names(await search(Q))).toEqual(['Ana', 'Bo']);
    // Update of a searchable field: Bo welds no more.
    await ok('PATCH', '/api/candidates/update', { clientId: A.client.id, _id: bo._id, skills: ['Carpentry'] });
    expect(names(await search(Q))).toEqual(['Ana']);
    expect(names(await search('searchQuery=carpentry'))).toEqual(['Bo']);
    // Bulk tag.
    await ok('PATCH', '/api/crm/candidates', { clientId: A.client.id, _ids: [ana._id], addTags: ['nights'] });
    expect((await search(Q)).results[0].tags).toEqual(['nights']);
    // Favourite: the recruiter's own flag; the staff member (another user) does not share it.
    await ok('PATCH', `/api/candidates/update/${ana._id}`, { clientId: A.client.id, favorite: true });
    expect((await search(Q)).results[0].favorite).toBe(true);
    expect((await search(Q, A.staffAuth.headers)).results[0].favorite).toBe(false);
    expect(names(await search('favorites=true'))).toEqual(['Ana']);
    expect(names(await search('favorites=true', A.staffAuth.headers))).toEqual([]);

    // Assigned to a job, moved to another stage, the job renamed.
    await ok('PATCH', `/api/candidates/update/${ana._id}`, { clientId: A.client.id, assignedJobs: [jobId] });
    const applied = (await search(Q)).results[0].applications;
    expect(applied.map((a) => [a.jobTitle, a.stageName])).toEqual([['Pipe Welder', 'Applied']]);
    const stages = (await call('GET', `/api/jobs/${jobId}/pipeline?clientId=${A.client.id}`)).json().stages as Array<{ _id: string; name: string }>;
    const interview = stages.find((s) => s.name === 'Interview');
    await ok('PATCH', `/api/applications/${applied[0]._id}/stage`, { clientId: A.client.id, stageId: interview?._id });
    expect((await search(Q)).results[0].applications[0].stageName).toBe('Interview');
    await ok('PATCH', '/api/job/update', { clientId: A.client.id, _id: jobId, title: 'Pipe Welder II' });
    expect((await search(Q)).results[0].applications[0].jobTitle).toBe('Pipe Welder II');

    // A saved list, then a member added to it.
    const list = await ok('POST', '/api/candidates-lists/create', { clientId: A.client.id, name: 'Welders', candidateIds: [ana._id] });
    expect(names(await search(`listId=${list._id}`))).toEqual(['Ana']);
    await ok('PATCH', '/api/candidates-lists/update', { clientId: A.client.id, _id: list._id, addCandidateIds: [bo._id] });
    expect(names(await search(`listId=${list._id}`))).toEqual(['Ana', 'Bo']);

    // Merge: the merged-away candidate leaves the results.
    const cy = await create('Cy', { phone: '+1 512 555 0142' });
    const cy2 = await create('Cyrus', { phone: '+1 512 555 0142' });
    expect(names(await search(Q))).toEqual(['Ana', 'Cy', 'Cyrus']);
    await ok('POST', '/api/crm/duplicates/merge', { clientId: A.client.id, survivorId: cy._id, mergedId: cy2._id });
    expect(names(await search(Q))).toEqual(['Ana', 'Cy']);

    // Erasure (an admin of the client): the erased candidate's words are gone.
    const erase = await call(
      'POST',
      '/api/crm/privacy/candidate/erase',
      { clientId: A.client.id, candidateId: cy._id, confirm: (await row(cy._id)).email },
      A.staffAuth.headers,
    );
    expect(erase.statusCode, erase.body).toBe(200);
    expect(names(await search(Q))).toEqual(['Ana']);

    // A write path with no code of its own (here plain SQL): the trigger bumps the version all the same.
    await t.app.db.execute(sql`UPDATE candidates SET first_name = 'Anabel' WHERE client_id = ${A.client.id} AND id = ${ana._id}`);
    expect(names(await search(Q))).toEqual(['Anabel']);
    await t.app.db.execute(sql`DELETE FROM candidates WHERE client_id = ${A.client.id} AND id = ${ana._id}`);
    expect(names(await search(Q))).toEqual([]);
  });

  it('identical searches that miss together run the search once', async () => {
    await create('Dee', { skills: ['Rigging'] });
    const s0 = stats();
    const replies = await Promise.all(Array.from({ length: 6 }, () => search('searchQuery=rigging&pageSize=7')));
    expect(replies.map(names)).toEqual(Array.from({ length: 6 }, () => ['Dee']));
    const s1 = stats();
    expect(s1.misses - s0.misses).toBe(1);
    expect(s1.hits - s0.hits + s1.coalesced - s0.coalesced).toBe(5);
  });
});

const row = async (id: string) =>
  (await t.app.db.execute<{ email: string }>(sql`SELECT email FROM candidates WHERE client_id = ${A.client.id} AND id = ${id}`)).rows[0];

describe('candidate search cache: clients, users and rights', () => {
  it('never answers another client, and checks the rights before the cache on every call', async () => {
    await create('Eve', { skills: ['Scaffolding'] });
    const Q = 'searchQuery=scaffolding';
    expect(names(await search(Q))).toEqual(['Eve']);
    expect(names(await search(Q))).toEqual(['Eve']); // cached for A
    // B's recruiter, same query, own client: B's (empty) result; A's client: refused as today.
    expect(names(await search(Q, B.recruiterAuth.headers, B.client.id))).toEqual([]);
    const outsider = await call('GET', `/api/crm/candidates?clientId=${A.client.id}&${Q}`, undefined, B.recruiterAuth.headers);
    expect(outsider.statusCode).toBe(404);

    // A staff member whose candidate rights are taken away: 403 with the same message as one who never had them.
    const staff = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { harvest: 'member' } });
    const sh = (await signIn(t.app, staff.email)).headers;
    expect(names(await search(Q, sh))).toEqual(['Eve']);
    expect(names(await search(Q, sh))).toEqual(['Eve']);
    // (Changed in SQL: the session cache drops the user's sessions when PostgreSQL's notification is in.)
    await t.app.db.execute(sql`UPDATE users SET user_type_harvest = 'none' WHERE id = ${staff.id}`);
    await syncNotifications(t.app.db);
    const refused = await call('GET', `/api/crm/candidates?clientId=${A.client.id}&${Q}`, undefined, sh);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorMsg: { candidates: [messages.server.forbidden] } });

    // A recruiter removed from the client (no longer its creator nor a manager): refused like any outsider.
    const other = await createUser(t.app, { role: 'recruiter' });
    await t.app.db.execute(sql`UPDATE clients SET created_by = ${other.id} WHERE id = ${A.client.id}`);
    await syncNotifications(t.app.db);
    const removed = await call('GET', `/api/crm/candidates?clientId=${A.client.id}&${Q}`);
    expect(removed.statusCode).toBe(outsider.statusCode);
    expect(removed.json()).toEqual(outsider.json());
    await t.app.db.execute(sql`UPDATE clients SET created_by = ${A.recruiter.id} WHERE id = ${A.client.id}`);
    await syncNotifications(t.app.db);
    expect(names(await search(Q))).toEqual(['Eve']);
  });
});
