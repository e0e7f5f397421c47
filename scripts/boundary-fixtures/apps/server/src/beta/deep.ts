// FAILS no-deep-import-into-another-domain: reaches past alpha/index.ts.
export { alphaName } from '../alpha/internal.ts';
