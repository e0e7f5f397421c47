import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp, createJobViaApi } from '../../test/helpers.ts';

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

const newJob = (auth: Record<string, string>, clientId: string, extra: Record<string, unknown> = {}) => createJobViaApi(t.app, auth, clientId, extra);

describe('locations', () => {
  it('validates a zip code, with the spec message on failure', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/validate-zipcode?zipcode=78701&city=Austin&state=TX' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ valid: true, city: 'Austin', state: 'TX' });
    for (const q of ['zipcode=00000', 'zipcode=78701&state=NY', 'zipcode=abc', 'zipcode=78701&city=Boston']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/validate-zipcode?${q}` });
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json()).toEqual({ errorMsg: { zipcode: [messages.recruiting.zipValidationError] } });
    }
  });

  it('suggests locations in the three calls and the address search', async () => {
    await newJob(A.staffAuth.headers, A.client.id, { title: 'Austin nurse', status: 'open' });
    const crm = await call('GET', `/api/crm/location-suggestions?clientId=${A.client.id}&query=San Fra`, A.staffAuth.headers);
    expect(crm.json().results[0].label).toBe('San Francisco, CA');
    const loc = await call('GET', `/api/location-suggestions?clientId=${A.client.id}&zipcode=7870`, A.staffAuth.headers);
    expect(loc.json().results[0]).toMatchObject({ zipCode: '78701', city: 'Austin' });
    const missing = await call('GET', `/api/crm/location-suggestions?clientId=${A.client.id}`, A.staffAuth.headers);
    expect(missing.json()).toEqual({ errorMsg: { query: [messages.recruiting.locationSuggestionsError] } });
    const jobsLoc = await t.app.inject({ method: 'GET', url: `/api/jobs/location-suggestions?nameSlug=${A.client.nameSlug}&query=aus` });
    expect(jobsLoc.json().results[0]).toMatchObject({ city: 'Austin', state: 'TX' });
    const addr = await t.app.inject({ method: 'GET', url: `/api/search-address/${A.client.id}?query=Chicago, I` });
    expect(addr.json().results[0].label).toBe('Chicago, IL');
  });
});
