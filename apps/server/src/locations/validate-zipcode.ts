import type { locationRoutes as r } from '@hh/contract/locations';
import { messages } from '@hh/contract/messages';
import type { Operation } from '../core/operation.ts';
import { lookupCity, lookupZip } from '../geo/index.ts';
import { badRequest } from '../lib/app-error.ts';
import { isUS } from './gazetteer-suggestions.ts';

/**
 * The apply and search forms validate a zip; an unknown zip (or one that does not match the city
 * and state given) is a 400 with the spec's message.
 */
export const validateZipcode: Operation<typeof r.validateZipcode, 'db'> = async (deps, q) => {
  const fail = () => badRequest('zipcode', messages.recruiting.zipValidationError);
  if (!isUS(q.country)) throw fail();
  const z5 = await lookupZip(deps, { zip: q.zipcode });
  if (!z5) throw fail();
  if (q.state && q.state.trim().toUpperCase() !== z5.state) throw fail();
  if (q.city && q.city.trim().toLowerCase() !== z5.city.toLowerCase()) {
    // A zip may cover several place names; accept the city when it is within 25 miles of the zip.
    const city = await lookupCity(deps, { city: q.city, state: z5.state });
    const near = city && Math.hypot(city.lat - z5.lat, (city.lng - z5.lng) * Math.cos((z5.lat * Math.PI) / 180)) < 0.36;
    if (!near) throw fail();
  }
  return { valid: true, zipcode: z5.zip ?? q.zipcode, city: z5.city, state: z5.state, lat: z5.lat, lng: z5.lng };
};
