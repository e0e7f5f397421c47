// FAILS portal-imports-no-server-code: the portal importing server code.
export { alphaName } from '../../server/src/alpha/index.ts';
