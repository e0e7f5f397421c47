// The fixture feature 'one': its public face.
export { oneName } from './internal.ts';
