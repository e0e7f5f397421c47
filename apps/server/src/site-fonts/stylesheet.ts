import { createHash } from 'node:crypto';
import { SITE_ASSETS_PATH, SITE_CSS } from '@hh/contract/site-css';

/**
 * The career sites' shared stylesheet (the same for every client and page) as one file whose name
 * carries its content's hash: a visitor loads it once and keeps it (immutable), and every page is
 * about half as many bytes as with the rules inline. The client's design (colours, fonts) stays
 * inline in each page, before this file, in the order the rules had when all were inline.
 */
const hash = createHash('sha256').update(SITE_CSS).digest('base64url').slice(0, 12);
const file = `site.${hash}.css`;

export const SITE_STYLESHEET = { file, url: `${SITE_ASSETS_PATH}/${file}`, body: Buffer.from(SITE_CSS, 'utf8') } as const;
