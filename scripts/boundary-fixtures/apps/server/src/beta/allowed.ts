// ALLOWED: another domain through its index.ts, and a lower layer.
export { alphaName } from '../alpha/index.ts';
export { helper } from '../lib/helper.ts';
