import { sql } from 'drizzle-orm';
import type { DbDeps } from '../core/deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { lookupZip } from './geocode.ts';

/**
 * What a seeker typed in the location box, understood (decision 0601): a point (city, "city,
 * state" by code or name, ZIP, "city state ZIP", a typo such as "Chicgo"), a whole state ("Texas",
 * "TX"), a country ("United States") or remote work ("Remote").
 * `corrected` says the text was read as something else than it spells (a typo, "NYC"), so the
 * page tells the seeker what it searched: "Showing jobs near Chicago, IL".
 */
export type Place =
  | { kind: 'point'; lat: number; lng: number; city: string; state: string; zip: string | null; label: string; corrected: boolean }
  | { kind: 'state'; code: string; name: string; lat: number; lng: number; label: string; corrected: boolean }
  | { kind: 'country'; code: string; label: string; corrected: boolean }
  | { kind: 'remote'; label: string; corrected: boolean };

export interface UsState {
  code: string;
  name: string;
  lat: number;
  lng: number;
}

const ZIP_ONLY = /^(\d{5})(?:-\d{4})?$/;
const TRAILING_ZIP = /^(.*?)[\s,]+(\d{5})(?:-\d{4})?$/;
const REMOTE = new Set(['remote', 'anywhere', 'work from home', 'wfh', 'home based', 'telecommute', 'virtual', 'remote work', 'work remotely']);
/** Nicknames people type for big cities: read as the city, and said on the page. */
const NICKNAMES: Record<string, string> = {
  nyc: 'New York, NY',
  'new york city': 'New York, NY',
  philly: 'Philadelphia, PA',
  sf: 'San Francisco, CA',
  dfw: 'Dallas, TX',
  vegas: 'Las Vegas, NV',
  nola: 'New Orleans, LA',
  atl: 'Atlanta, GA',
  'washington dc': 'Washington, DC',
  'washington d.c.': 'Washington, DC',
};
/** Country names and the aliases people use; ISO codes. The names come from the runtime's CLDR data (Intl.DisplayNames). */
const COUNTRIES: Map<string, { code: string; name: string }> = (() => {
  const m = new Map<string, { code: string; name: string }>();
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const A = 'A'.charCodeAt(0);
  for (let i = 0; i < 26; i++)
    for (let j = 0; j < 26; j++) {
      const code = String.fromCharCode(A + i, A + j);
      const name = names.of(code);
      if (name && name !== code) m.set(name.toLowerCase(), { code, name });
    }
  const us = { code: 'US', name: 'United States' };
  for (const alias of ['us', 'usa', 'u.s.', 'u.s.a.', 'america', 'united states of america', 'the united states']) m.set(alias, us);
  const uk = m.get('united kingdom');
  if (uk) for (const alias of ['uk', 'u.k.', 'england', 'great britain', 'britain']) m.set(alias, uk);
  return m;
})();
const COUNTRY_SUFFIX = /[\s,]+(?:usa|u\.s\.a\.|u\.s\.|us|united states(?: of america)?)$/i;

/** Edit distance (insert, delete, substitute, swap of neighbours), for state names only (56 short strings). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/** A state by code or name; with `fuzzy`, a name one or two edits away ("Texsa", "Californa"). */
export function stateOf(states: UsState[], text: string, fuzzy = false): { state: UsState; corrected: boolean } | null {
  const t = text.trim().replace(/\.$/, '').toLowerCase();
  if (!t) return null;
  const exact = states.find((s) => s.code.toLowerCase() === t || s.name.toLowerCase() === t);
  if (exact) return { state: exact, corrected: false };
  if (!fuzzy || t.length < 5) return null;
  let best: { state: UsState; d: number } | null = null;
  for (const s of states) {
    const d = editDistance(t, s.name.toLowerCase());
    if (d <= (t.length >= 8 ? 2 : 1) && (!best || d < best.d)) best = { state: s, d };
  }
  return best ? { state: best.state, corrected: true } : null;
}

/** The gazetteer's states, once: reference data from a migration, the same for every database. */
let statesOnce: Promise<UsState[]> | null = null;
export function loadStates({ db }: DbDeps): Promise<UsState[]> {
  statesOnce ??= db
    .execute<{ code: string; name: string; lat: number; lng: number }>(sql`SELECT code, name, lat, lng FROM geo_states ORDER BY code`)
    .then((r) => r.rows.map((x) => ({ code: x.code, name: x.name, lat: Number(x.lat), lng: Number(x.lng) })))
    .catch((err) => {
      statesOnce = null;
      throw err;
    });
  return statesOnce;
}

/** City names as the gazetteer spells them: "St. Louis" is "Saint Louis", "Ft. Worth" "Fort Worth". */
function cityVariants(city: string): string[] {
  const c = city.trim().toLowerCase().replace(/\s+/g, ' ');
  const long = c
    .replace(/^st\.?\s+/, 'saint ')
    .replace(/^ft\.?\s+/, 'fort ')
    .replace(/^mt\.?\s+/, 'mount ');
  return long === c ? [c] : [c, long];
}

/** Below this trigram similarity a name is another place, not a typo ("Xyzzyville" is not Fayville, MA). */
const MIN_SIMILARITY = 0.45;

type CityRow = {
  city: string;
  state: string;
  lat: number;
  lng: number;
};

/**
 * The city of that name (in that state, when given). Among cities of the same name, one with the
 * client's open jobs within 25 miles comes first ("from the client's own job places first"), then the
 * largest (most zip codes). With `fuzzy`, the closest name by trigram similarity (the GIN index of
 * migration 0120), a small bonus for size so "Chicgo" is Chicago, IL rather than Chico, CA.
 */
async function findCity(db: DbOrTx, city: string, state: string | null, clientId: string | null, fuzzy: boolean): Promise<CityRow | null> {
  const names = cityVariants(city);
  if (!names[0]) return null;
  const near = clientId
    ? sql`EXISTS (SELECT 1 FROM jobs j WHERE j.client_id = ${clientId} AND j.status = 'open' AND j.earth IS NOT NULL
                     AND earth_box(ll_to_earth(c.lat, c.lng), 40234::float8) @> j.earth)`
    : sql`false`;
  if (!fuzzy) {
    const r = await db.execute<CityRow>(sql`
      SELECT c.city, c.state, c.lat, c.lng FROM geo_cities c
       WHERE lower(c.city) = ANY(${`{${names.map((n) => `"${n.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]) AND (${state}::text IS NULL OR c.state = ${state})
       ORDER BY ${near} DESC, c.zip_count DESC, c.state LIMIT 1`);
    return r.rows[0] ?? null;
  }
  const name = names[names.length - 1];
  if (name.length < 4) return null;
  const r = await db.execute<CityRow>(sql`
    SELECT c.city, c.state, c.lat, c.lng
      FROM (SELECT c.*, similarity(lower(c.city), ${name}) AS sim FROM geo_cities c
             WHERE lower(c.city) % ${name} AND (${state}::text IS NULL OR c.state = ${state})
             ORDER BY sim DESC, c.zip_count DESC LIMIT 10) c
     WHERE c.sim >= ${MIN_SIMILARITY}
     ORDER BY c.sim + ln(c.zip_count) * 0.02 + CASE WHEN ${near} THEN 0.1 ELSE 0 END DESC, c.zip_count DESC LIMIT 1`);
  return r.rows[0] ?? null;
}

const point = (c: CityRow, zip: string | null, corrected: boolean): Place => ({
  kind: 'point',
  lat: Number(c.lat),
  lng: Number(c.lng),
  city: c.city,
  state: c.state,
  zip,
  label: zip ? `${c.city}, ${c.state} ${zip}` : `${c.city}, ${c.state}`,
  corrected,
});

/** "Austin, Texas", "Austin TX", "Portland, Oregn": the city part and the state, when the text ends with one. */
function splitCityState(states: UsState[], text: string): { city: string; state: UsState; corrected: boolean } | null {
  const comma = text.lastIndexOf(',');
  if (comma > 0) {
    const st = stateOf(states, text.slice(comma + 1), true);
    return st ? { city: text.slice(0, comma), ...st } : null;
  }
  // No comma: only an exact code or name ends the text ("Austin TX", "Boise Idaho", "Charlotte North Carolina").
  const words = text.split(' ');
  for (let k = Math.min(3, words.length - 1); k >= 1; k--) {
    const st = stateOf(states, words.slice(-k).join(' '));
    if (st) return { city: words.slice(0, -k).join(' '), ...st };
  }
  return null;
}

/** Understands a location text; null when it names no place the gazetteer knows. */
export async function understandPlace({ db }: DbDeps, { text: typed, clientId = null }: { text: string; clientId?: string | null }): Promise<Place | null> {
  let text = typed
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^(?:in|near|around)\s+/i, '')
    .replace(/[\s,;.]+$/, '')
    .slice(0, 200);
  if (!text) return null;
  const lower = text.toLowerCase();
  if (REMOTE.has(lower)) return { kind: 'remote', label: 'Remote', corrected: false };
  const zip = ZIP_ONLY.exec(text);
  if (zip) {
    const z = await lookupZip({ db }, { zip: zip[1] });
    return z ? point(z, z.zip, false) : null;
  }
  const nick = NICKNAMES[lower];
  let corrected = false;
  if (nick) {
    text = nick;
    corrected = true;
  }
  const states = await loadStates({ db });
  const asState = (st: { state: UsState; corrected: boolean }): Place => ({ kind: 'state', ...st.state, label: st.state.name, corrected: st.corrected });
  const whole = stateOf(states, text);
  if (whole) return asState(whole);
  const country = COUNTRIES.get(lower);
  if (country) return { kind: 'country', code: country.code, label: country.name, corrected: false };
  text = text.replace(COUNTRY_SUFFIX, '').trim();
  // "city state ZIP": the ZIP is the most precise part; when it is unknown the rest still counts.
  const tail = TRAILING_ZIP.exec(text);
  if (tail) {
    const z = await lookupZip({ db }, { zip: tail[2] });
    if (z) return point(z, z.zip, false);
    text = tail[1].replace(/[\s,]+$/, '');
  }
  const split = splitCityState(states, text);
  const city = split ? split.city.trim() : text;
  const state = split ? split.state.code : null;
  const exact = await findCity(db, city, state, clientId, false);
  if (exact) return point(exact, null, corrected || Boolean(split?.corrected));
  // A misspelt state ("Texsa") only after no city of that name was found.
  const misspeltState = split ? null : stateOf(states, text, true);
  if (misspeltState) return asState(misspeltState);
  const close = await findCity(db, city, state, clientId, true);
  return close ? point(close, null, true) : null;
}
