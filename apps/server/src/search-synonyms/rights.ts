import type { Need } from '../auth/access.ts';

/** Synonyms are read by anyone with access to the client and changed by editors of its career-site jobs (harvest), like departments. */
export const SYNONYM_WRITERS: Need = { product: 'harvest', level: 'editor' };
export const KEY = 'searchSynonyms';
