import type { DbOrTx } from '../db/client.ts';
import { geocode } from '../geo/index.ts';

/** Candidates are geocoded like jobs (zip first, then city and state) so radius search finds them. */
export async function geocodeCandidate(db: DbOrTx, a: { zipCode?: string | null; city?: string | null; state?: string | null; country?: string | null }) {
  const us = !a.country || ['us', 'usa', 'united states', 'united states of america'].includes(a.country.trim().toLowerCase());
  if (!us) return { lat: null, lng: null };
  const g = await geocode({ db }, a);
  return g ? { lat: g.lat, lng: g.lng, city: g.city, state: g.state } : { lat: null, lng: null };
}
