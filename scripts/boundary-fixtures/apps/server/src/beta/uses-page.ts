// FAILS domains-import-no-pages (and no-deep-import): a domain using the career pages' code.
export { pageUrl } from '../sites/urls.ts';
