// ALLOWED: another feature through its index.ts, and a file of its own feature.
export { oneName } from '../one/index.ts';
export { twoName } from './own.ts';
