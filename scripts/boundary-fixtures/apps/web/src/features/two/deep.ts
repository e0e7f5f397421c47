// FAILS no-deep-import-into-another-feature: reaches past one/index.ts.
export { oneName } from '../one/internal.ts';
