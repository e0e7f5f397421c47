import { CRM_LIMITS } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, setupTestApp, type TestApp } from '../../../test/helpers.ts';
import { HIGHLIGHT_MAX_CHARS, HIGHLIGHT_MAX_TERMS, highlightFromMarkers, highlightTerms, highlightText, mergeRanges } from './highlight.ts';

describe('highlight: marks from offsets on the original text', () => {
  it('marks overlapping terms once, merged, with HTML-special characters escaped', () => {
    expect(highlightText('Anna <Annabel> & "Ann"', ['ann', 'nabel', 'Anna'])).toBe(
      '<mark>Anna</mark> &lt;<mark>Annabel</mark>&gt; &amp; &quot;<mark>Ann</mark>&quot;',
    );
  });

  it('marks a term made of HTML-special characters in the text, never inside its own escapes or marks', () => {
    expect(highlightText('R&D <lead> & "mark"', ['&', 'mark', 'lt', 'amp'])).toBe(
      'R<mark>&amp;</mark>D &lt;lead&gt; <mark>&amp;</mark> &quot;<mark>mark</mark>&quot;',
    );
  });

  it('18 × "a" marks each a once: the text does not grow per term', () => {
    const terms = Array.from({ length: 18 }, () => 'a');
    expect(highlightText('Ada Zed · ada@x.example', terms)).toBe('<mark>A</mark>d<mark>a</mark> Zed · <mark>a</mark>d<mark>a</mark>@x.ex<mark>a</mark>mple');
  });

  it('uses at most HIGHLIGHT_MAX_TERMS distinct terms, case-insensitively, and prototype-like names as plain text', () => {
    expect(highlightTerms(['A', 'a', ' a ', 'b', ''])).toEqual(['A', 'b']);
    const many = Array.from({ length: 30 }, (_, i) => `t${i}`);
    expect(highlightTerms(many)).toHaveLength(HIGHLIGHT_MAX_TERMS);
    expect(highlightText('the constructor of __proto__', ['constructor', '__proto__', 'toString'])).toBe(
      'the <mark>constructor</mark> of <mark>__proto__</mark>',
    );
  });

  it('cuts a long text to a window around the first match, with … where it was cut', () => {
    const text = `${'x'.repeat(1000)} nurse ${'y'.repeat(1000)}`;
    const h = highlightText(text, ['nurse']);
    expect(h).toContain('<mark>nurse</mark>');
    expect(h.startsWith('…')).toBe(true);
    expect(h.endsWith('…')).toBe(true);
    expect(h.replace(/<\/?mark>/g, '').length).toBe(HIGHLIGHT_MAX_CHARS + 2);
    // A 1 MB single token: one pass, a bounded result.
    const big = highlightText('a'.repeat(1_000_000), ['a', 'aa']);
    expect(big.length).toBeLessThan(HIGHLIGHT_MAX_CHARS + 20);
  });

  it('turns ts_headline markers into escaped marks, and merges ranges', () => {
    expect(highlightFromMarkers('a \u0002<b>\u0003 & \u0002c\u0003', '\u0002', '\u0003')).toBe('a <mark>&lt;b&gt;</mark> &amp; <mark>c</mark>');
    expect(highlightFromMarkers('no marks', '\u0002', '\u0003')).toBeNull();
    expect(
      mergeRanges([
        [5, 7],
        [0, 2],
        [1, 3],
        [3, 4],
      ]),
    ).toEqual([
      [0, 4],
      [5, 7],
    ]);
  });
});

let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await setupTestApp();
  A = await createTenant(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/crm/candidates/create',
    headers: A.recruiterAuth.headers,
    payload: { clientId: A.client.id, firstName: 'Ada', lastName: 'Zed', email: 'ada@x.example' },
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => t?.close());

const search = (q: string) =>
  t.app.inject({ method: 'GET', url: `/api/crm/candidates?clientId=${A.client.id}&searchQuery=${encodeURIComponent(q)}`, headers: A.recruiterAuth.headers });

describe('GET /api/crm/candidates: pathological search text', () => {
  it('18 × "a" answers 200 with one small, correct highlight', async () => {
    const res = await search(Array.from({ length: 18 }, () => 'a').join(' '));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.length).toBeLessThan(10_000);
    const hit = res.json().results.find((r: { email: string }) => r.email === 'ada@x.example');
    expect(hit.highlight).toBe('<mark>A</mark>d<mark>a</mark> Zed · <mark>a</mark>d<mark>a</mark>@x.ex<mark>a</mark>mple · ');
  });

  it('30 repeated terms, and 30 distinct terms, answer 200 with a bounded reply', async () => {
    for (const q of [Array.from({ length: 30 }, () => 'a').join(' '), `a OR ${Array.from({ length: 29 }, (_, i) => `z${i}`).join(' OR ')}`]) {
      const res = await search(q);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body.length).toBeLessThan(10_000);
      expect(res.json().results[0].highlight).toContain('<mark>A</mark>d<mark>a</mark>');
    }
  });

  it('prototype-like names are plain search words', async () => {
    for (const q of ['constructor', '__proto__', 'toString hasOwnProperty', 'constructor OR ada']) {
      const res = await search(q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
    expect((await search('constructor OR ada')).json().results[0].highlight).toContain('<mark>Ada</mark>');
  });

  it('a single token longer than the limit (1 MB) is refused with a 400 naming the limit', async () => {
    for (const q of ['a'.repeat(CRM_LIMITS.maxQueryChars + 1), 'a'.repeat(1_000_000)]) {
      const res = await search(q);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errorMsg: { searchQuery: [messages.crm.searchQueryTooLong(CRM_LIMITS.maxQueryChars)] } });
    }
    // At the limit it is a search.
    expect((await search('a'.repeat(CRM_LIMITS.maxQueryChars))).statusCode).toBe(200);
  });
});
