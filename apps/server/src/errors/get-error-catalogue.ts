import type { errorRoutes as r } from '@hh/contract/errors';
import { answer, type Operation } from '../core/operation.ts';
import { errorCatalogue } from './catalogue.ts';

/** The catalogue is built once: the messages are constants of the contract. */
const results = errorCatalogue();

/** GET api/errors (recruiting spec §7): the message catalogue, public (it holds no data), cached by the browser for five minutes. */
export const getErrorCatalogue: Operation<typeof r.catalogue, never> = async () =>
  answer({ headers: { 'Cache-Control': 'public, max-age=300' }, body: { results, totalCount: results.length } });
