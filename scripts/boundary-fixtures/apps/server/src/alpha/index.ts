// The fixture domain 'alpha': its public face.
export { alphaName } from './internal.ts';
