// What other domains may use of the job-title synonyms (see apps/server/src/README.md).
export { type SynonymIndex, synonymIndex, termKey, termWords } from './synonym-index.ts';
