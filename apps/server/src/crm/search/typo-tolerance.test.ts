import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../../test/helpers.ts';
import { editDistance, oneEditVariants } from './typo-tolerance.ts';

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
const ids: Record<string, string> = {};
const rnd = () => Math.random().toString(36).slice(2, 8);

async function create(clientId: string, headers: Record<string, string>, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/crm/candidates/create',
    headers,
    payload: { clientId, email: `c-${rnd()}@cand.example`, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

async function search(q: string, clientId = A.client.id, headers = A.recruiterAuth.headers) {
  const res = await t.app.inject({ method: 'GET', url: `/api/crm/candidates?clientId=${clientId}&searchQuery=${encodeURIComponent(q)}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ids: body.results.map((r: { _id: string }) => r._id) as string[], corrections: body.corrections, results: body.results };
}

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  const h = A.recruiterAuth.headers;
  // Created in this order: the newest (Mary) comes first in the default sort.
  ids.smith = await create(A.client.id, h, { firstName: 'Jon', lastName: 'Smith', resumeText: 'Warehouse lead, forklift certified' });
  ids.john = await create(A.client.id, h, { firstName: 'John', lastName: 'Carter', resumeText: 'Software engineer' });
  ids.mary = await create(A.client.id, h, {
    firstName: 'Mary',
    lastName: 'Ortiz',
    resumeText: 'Registered nurse in the intensive care unit',
    skills: ['Telemetry'],
  });
  await create(B.client.id, B.recruiterAuth.headers, { firstName: 'Ewa', lastName: 'Kowalczyk', resumeText: 'Phlebotomist' });
});
afterAll(async () => t?.close());

describe('candidate search: typo tolerance', () => {
  it('finds "nurse" when the recruiter types "nurce" and says what it searched for', async () => {
    const r = await search('nurce');
    expect(r.ids).toEqual([ids.mary]);
    expect(r.corrections).toEqual([{ term: 'nurce', suggestions: ['nurse'] }]);
    expect(r.results[0].highlight).toContain('<mark>nurse</mark>');
  });

  it('finds "John" for "Jonh" (two letters swapped), the closest word first', async () => {
    const r = await search('Jonh');
    expect(r.ids).toContain(ids.john);
    expect(r.corrections[0]).toEqual({ term: 'jonh', suggestions: ['john', 'jon'] });
  });

  it('corrects two edits in a longer word through the trigram index ("regstred" → registered), one edit in a short one', async () => {
    const r = await search('regstred');
    expect(r.ids).toEqual([ids.mary]);
    expect(r.corrections).toEqual([{ term: 'regstred', suggestions: ['registered'] }]);
    expect((await search('telemtery intensiv kare')).ids).toEqual([ids.mary]);
    expect((await search('kre')).ids).toEqual([]); // "kre" is two edits from "care": too short to guess
  });

  it('keeps exact matches first: "nurce OR smith" lists Jon Smith (exact) before the newer nurse', async () => {
    const r = await search('nurce OR smith');
    expect(r.ids).toEqual([ids.smith, ids.mary]);
  });

  it('leaves known words, prefixes, phrases and exclusions as written', async () => {
    const jon = await search('jon');
    expect(jon.ids).toEqual([ids.smith]);
    expect(jon.corrections).toBeUndefined();
    expect((await search('forkl')).ids).toEqual([ids.smith]); // a prefix of a known word
    expect((await search('"registered nurce"')).ids).toEqual([]);
    expect((await search('engineer -nurce')).ids).toEqual([ids.john]);
  });

  it('uses only the client’s own words, and learns words from an update', async () => {
    const r = await search('kowalczik');
    expect(r.ids).toEqual([]);
    expect(r.corrections).toBeUndefined();
    expect((await search('kowalczik', B.client.id, B.recruiterAuth.headers)).ids).toHaveLength(1);
    const u = await t.app.inject({
      method: 'PATCH',
      url: `/api/candidates/update/${ids.john}`,
      headers: A.recruiterAuth.headers,
      payload: { clientId: A.client.id, skills: ['Kubernetes'] },
    });
    expect(u.statusCode).toBe(201);
    expect((await search('kubernets')).ids).toEqual([ids.john]);
  });

  it('any text is safe and answers 200', async () => {
    for (const q of ["o'brien", 'ñandú', 'a'.repeat(40), '""', 'x OR y', '\\"); DROP TABLE candidates; --']) expect((await search(q)).ids).toBeDefined();
  });
});

describe('edit distance and variants', () => {
  it('counts a swap as one edit', () => {
    expect(editDistance('jonh', 'john')).toBe(1);
    expect(editDistance('nurce', 'nurse')).toBe(1);
    expect(editDistance('telemtery', 'telemetry')).toBe(1);
    expect(editDistance('kare', 'care')).toBe(1);
    expect(editDistance('abc', 'xyz')).toBe(3);
  });
  it('lists every one-edit variant', () => {
    const v = oneEditVariants('jonh');
    expect(v).toContain('john');
    expect(v).toContain('jon');
    expect(v).not.toContain('jonh');
  });
});
