// FAILS lower-layers-import-no-domain: a plugin reaching into a domain.
export { alphaName } from '../alpha/index.ts';
