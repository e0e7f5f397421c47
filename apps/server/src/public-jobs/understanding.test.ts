import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobViaApi, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';

/** Search that finds what people type (decision 0601): places, synonyms, typos, and never a dead end. */
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
const ids: Record<string, string> = {};

type Reply = {
  results: Array<{ _id: string; title: string; distance?: number | null }>;
  totalCount: number;
  location: { label: string; radius: number | null; kind: string; corrected: boolean } | null;
  unknownLocation?: string | null;
  synonyms?: string[];
  noResults?: { kind: string; message: string; titles?: Array<{ title: string; count: number }> } | null;
  nearest?: Array<{ _id: string; title: string; distance: number }>;
};
const search = async (params: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/search-jobs?${new URLSearchParams({ nameSlug: A.client.nameSlug, ...params })}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Reply;
};
const titles = (r: Reply) => r.results.map((x) => x.title);
const idsOf = (r: Reply) => r.results.map((x) => x._id).sort();
const page = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/${A.client.nameSlug}/search-page?${query}` });
  expect(res.statusCode).toBe(200);
  return res.body;
};

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  const jobs: Array<[string, Record<string, unknown>]> = [
    ['rn-austin', { title: 'Registered Nurse', zipCode: '78701', datePosted: '2026-01-09T00:00:00Z' }],
    ['rn-dallas', { title: 'ICU Registered Nurse', zipCode: '75201', datePosted: '2026-01-08T00:00:00Z' }],
    ['lpn-houston', { title: 'Licensed Practical Nurse', zipCode: '77002', datePosted: '2026-01-07T00:00:00Z' }],
    ['ot-sa', { title: 'Occupational Therapist', zipCode: '78205', datePosted: '2026-01-06T00:00:00Z' }],
    ['transport-fw', { title: 'Patient Transporter', zipCode: '76102', datePosted: '2026-01-05T00:00:00Z' }],
    ['cna-chicago', { title: 'Certified Nursing Assistant', zipCode: '60601', datePosted: '2026-01-04T00:00:00Z' }],
    ['pt-chicago', { title: 'Physical Therapist', zipCode: '60611', datePosted: '2026-01-03T00:00:00Z' }],
    ['cdl-denver', { title: 'CDL-A Truck Driver', zipCode: '80202', datePosted: '2026-01-02T00:00:00Z' }],
    ['cook-denver', { title: 'Line Cook', zipCode: '80202', datePosted: '2026-01-02T00:00:00Z' }],
    [
      'analyst-remote',
      {
        title: 'Clinical Data Analyst',
        zipCode: '98101',
        remote: true,
        description: '<p>Work with registered nurse teams on staffing data.</p>',
        datePosted: '2026-01-01T00:00:00Z',
      },
    ],
  ];
  for (const [key, job] of jobs) ids[key] = (await createJobViaApi(t.app, A.staffAuth.headers, A.client.id, job))._id;
  await createJobViaApi(t.app, B.staffAuth.headers, B.client.id, { title: 'Registered Nurse', zipCode: '60601' });
});
afterAll(async () => {
  await t?.close();
});

describe('keyword understanding', () => {
  it('finds registered nurses for RN, title matches first, and says which synonyms it searched', async () => {
    const r = await search({ keywords: 'RN' });
    // Both titles say "Registered Nurse"; the analyst only mentions it in the description, so comes last.
    expect(titles(r)).toEqual(['Registered Nurse', 'ICU Registered Nurse', 'Clinical Data Analyst']);
    expect(r.synonyms).toEqual(['registered nurse']);
    expect(titles(await search({ keywords: 'registered nurse' }))).toEqual(['Registered Nurse', 'ICU Registered Nurse', 'Clinical Data Analyst']);
  });

  it('understands LPN, CNA, PT, OT and CDL, and words that are not a job’s name', async () => {
    expect(titles(await search({ keywords: 'LPN' }))).toEqual(['Licensed Practical Nurse']);
    expect(titles(await search({ keywords: 'LVN' }))).toEqual(['Licensed Practical Nurse']);
    expect(titles(await search({ keywords: 'cna' }))).toEqual(['Certified Nursing Assistant']);
    expect(titles(await search({ keywords: 'nurse aide' }))).toEqual(['Certified Nursing Assistant']);
    expect(titles(await search({ keywords: 'PT' }))).toEqual(['Physical Therapist']);
    expect(titles(await search({ keywords: 'OT jobs' }))).toEqual(['Occupational Therapist']);
    expect(titles(await search({ keywords: 'CDL' }))).toEqual(['CDL-A Truck Driver']);
    expect(titles(await search({ keywords: 'ICU RN' }))).toEqual(['ICU Registered Nurse']);
    expect((await search({ keywords: 'jobs near me' })).totalCount).toBe(10);
  });

  it('tolerates typos in titles', async () => {
    expect(titles(await search({ keywords: 'registerd nurse' }))).toEqual(['Registered Nurse', 'ICU Registered Nurse', 'Clinical Data Analyst']);
    expect(titles(await search({ keywords: 'physcal therapist' }))).toEqual(['Physical Therapist']);
    expect(titles(await search({ keywords: 'ocupational therapist' }))).toEqual(['Occupational Therapist']);
  });

  it('takes the client’s own synonyms from the portal, at once', async () => {
    const h = A.staffAuth.headers;
    const before = await search({ keywords: 'sous chef' });
    expect(before.totalCount).toBe(0);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/search-synonyms/create',
      headers: h,
      payload: { clientId: A.client.id, terms: [' Sous chef ', 'line cook', 'SOUS-CHEF'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ _id: expect.any(String), terms: ['Sous chef', 'line cook'] });
    expect(titles(await search({ keywords: 'sous chef' }))).toEqual(['Line Cook']);
    // Another client's search is not changed by it.
    const other = await t.app.inject({ method: 'GET', url: `/api/search-jobs?nameSlug=${B.client.nameSlug}&keywords=sous%20chef` });
    expect(other.json().totalCount).toBe(0);

    const list = await t.app.inject({ method: 'GET', url: `/api/search-synonyms?clientId=${A.client.id}`, headers: h });
    expect(list.json().results).toEqual([{ _id: created.json()._id, terms: ['Sous chef', 'line cook'] }]);
    expect(list.json().builtIn).toContainEqual(['rn', 'registered nurse']);

    const updated = await t.app.inject({
      method: 'PATCH',
      url: '/api/search-synonyms/update',
      headers: h,
      payload: { clientId: A.client.id, _id: created.json()._id, terms: ['grill cook', 'line cook'] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await search({ keywords: 'sous chef' })).totalCount).toBe(0);
    expect(titles(await search({ keywords: 'grill cook' }))).toEqual(['Line Cook']);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/search-synonyms/delete?clientId=${A.client.id}&id=${created.json()._id}`, headers: h });
    expect(removed.json()).toEqual({ _id: created.json()._id, terms: ['grill cook', 'line cook'], message: messages.search.synonymDeleted });
    expect((await search({ keywords: 'grill cook' })).totalCount).toBe(0);
  });

  it('refuses a group of fewer than two terms, an unknown group and another client', async () => {
    const h = A.staffAuth.headers;
    const one = await t.app.inject({ method: 'POST', url: '/api/search-synonyms/create', headers: h, payload: { clientId: A.client.id, terms: ['RN'] } });
    expect(one.statusCode).toBe(400);
    expect(one.json()).toEqual({ errorMsg: { terms: [messages.search.synonymTooFew] } });
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/search-synonyms/create',
      headers: h,
      payload: { clientId: A.client.id, terms: ['RN', ' rn '] },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ errorMsg: { terms: [messages.search.synonymTooFew] } });
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/search-synonyms/update',
      headers: h,
      payload: { clientId: A.client.id, _id: '00000000-0000-4000-8000-000000000000', terms: ['a', 'b'] },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errorMsg: { searchSynonyms: [messages.search.synonymNotFound] } });
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/search-synonyms/create',
      headers: B.staffAuth.headers,
      payload: { clientId: A.client.id, terms: ['a', 'b'] },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await t.app.db.execute(sql`SELECT 1 FROM search_synonyms WHERE client_id = ${A.client.id}`).then((r) => r.rows.length)).toBe(0);
  });
});

describe('location understanding', () => {
  it('a state by name or code is every job in the state', async () => {
    const texas = [ids['rn-austin'], ids['rn-dallas'], ids['lpn-houston'], ids['ot-sa'], ids['transport-fw']].sort();
    const r = await search({ location: 'Texas' });
    expect(idsOf(r)).toEqual(texas);
    expect(r.location).toMatchObject({ label: 'Texas', kind: 'state', radius: null, corrected: false });
    expect(idsOf(await search({ location: 'tx' }))).toEqual(texas);
    expect(titles(await search({ keywords: 'RN', location: 'Texas' }))).toEqual(['Registered Nurse', 'ICU Registered Nurse']);
  });

  it('a city with its state by name or code, a ZIP, and "city state ZIP"', async () => {
    for (const [location, label] of [
      ['Austin, Texas', 'Austin, TX'],
      ['Austin TX', 'Austin, TX'],
      ['austin', 'Austin, TX'],
      ['78701', 'Austin, TX 78701'],
      ['Austin, TX 78701', 'Austin, TX 78701'],
      ['Austin Texas 78701', 'Austin, TX 78701'],
    ]) {
      const r = await search({ location });
      expect(titles(r), location).toEqual(['Registered Nurse']);
      expect(r.location, location).toMatchObject({ label, kind: 'point', radius: 25 });
    }
  });

  it('reads a misspelt city as the city it means, and says so on the page', async () => {
    const r = await search({ location: 'Chicgo' });
    expect(idsOf(r)).toEqual([ids['cna-chicago'], ids['pt-chicago']].sort());
    expect(r.location).toMatchObject({ label: 'Chicago, IL', kind: 'point', corrected: true });
    const body = await page('location=Chicgo');
    expect(body).toContain('<p class="understood">Showing jobs near Chicago, IL</p>');
    expect(body).toContain('2 jobs within 25 miles of Chicago, IL');
    // Spelt right, nothing to say.
    expect(await page('location=Chicago%2C%20IL')).not.toContain('Showing jobs near');
  });

  it('a country, remote work, and a place it cannot find (searched everywhere, said on the page)', async () => {
    const us = await search({ location: 'United States' });
    expect(us.totalCount).toBe(10);
    expect(us.location).toMatchObject({ label: 'United States', kind: 'country' });
    expect(titles(await search({ location: 'Remote' }))).toEqual(['Clinical Data Analyst']);
    const lost = await search({ location: 'Qqqzzz' });
    expect(lost.totalCount).toBe(10);
    expect(lost.unknownLocation).toBe('Qqqzzz');
    expect(await page('location=Qqqzzz')).toContain(messages.search.unknownPlace('Qqqzzz'));
  });

  it('suggests places as the seeker types: the client’s own job places first, then states and cities, typos too', async () => {
    const get = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/jobs/location-suggestions?nameSlug=${A.client.nameSlug}&query=${encodeURIComponent(query)}` })).json()
        .results;
    const chi = await get('Chi');
    expect(chi[0]).toEqual({ label: 'Chicago, IL', city: 'Chicago', state: 'IL', zipCode: null, count: 2 });
    expect(chi.slice(1).every((s: { count?: number }) => s.count === undefined)).toBe(true);
    expect(await get('Tex')).toContainEqual({ label: 'Texas', city: '', state: 'TX', zipCode: null });
    expect((await get('Chicgo'))[0]).toMatchObject({ label: 'Chicago, IL' });
  });
});

describe('never a dead end', () => {
  it('nothing within the distance: the nearest matching jobs with their distance', async () => {
    const r = await search({ keywords: 'transporter', location: 'Dallas' });
    expect(r.totalCount).toBe(0);
    expect(r.noResults).toEqual({ kind: 'nearest', message: 'No jobs within 25 miles of Dallas, TX; the nearest are…' });
    expect(r.nearest?.map((x) => x._id)).toEqual([ids['transport-fw']]);
    // The distance is earth_distance from the city's centre, to a tenth of a mile.
    const d = await t.app.db.execute<{ miles: number }>(sql`
      SELECT earth_distance(ll_to_earth(c.lat, c.lng), j.earth) / 1609.344 AS miles
        FROM geo_cities c, jobs j WHERE c.city = 'Dallas' AND c.state = 'TX' AND j.id = ${ids['transport-fw']}`);
    const miles = Math.round(Number(d.rows[0].miles) * 10) / 10;
    expect(miles).toBeGreaterThan(25);
    expect(r.nearest?.[0].distance).toBe(miles);
    const body = await page('keywords=transporter&location=Dallas');
    expect(body).toContain('No jobs within 25 miles of Dallas, TX; the nearest are…');
    expect(body).toContain(`Patient Transporter</a></h3>`);
    expect(body).toContain(`${miles} mi`);
    expect(body).not.toContain('Try fewer keywords');
  });

  it('nothing in the state: the nearest jobs to it', async () => {
    const r = await search({ keywords: 'CDL', location: 'Kansas' });
    expect(r.noResults?.message).toBe('No jobs in Kansas; the nearest are…');
    expect(r.nearest?.map((x) => x.title)).toEqual(['CDL-A Truck Driver']);
  });

  it('keywords that match nothing: the closest titles, linked to their search', async () => {
    const r = await search({ keywords: 'respiratory therapist' });
    expect(r.totalCount).toBe(0);
    expect(r.noResults?.message).toBe(messages.search.closestTitles('respiratory therapist'));
    expect(r.noResults?.titles?.map((x) => x.title).sort()).toEqual(['Occupational Therapist', 'Physical Therapist']);
    const body = await page('keywords=respiratory%20therapist');
    expect(body).toContain('No open jobs match “respiratory therapist” right now; the closest job titles are…');
    expect(body).toMatch(/<a href="[^"]*keywords=Physical\+Therapist[^"]*">Physical Therapist<\/a>/);
  });

  it('filters that leave nothing say so without blaming the seeker', async () => {
    const r = await search({ keywords: 'nurse', employmentType: 'TEMPORARY' });
    expect(r.noResults).toEqual({ kind: 'none', message: messages.search.noneWithFilters });
  });
});
