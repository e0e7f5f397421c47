import { messages } from '@hh/contract/messages';
import { blockDefinitions } from '@hh/contract/page-blocks';
import { isWebUrl, pageErrorKeys } from '@hh/contract/site-builder';
import { storedRichText } from '../core/rich-html.ts';
import type { StoredBlock, StoredContent } from '../db/schema/pages.ts';
import { badRequest } from '../lib/app-error.ts';

/** Each block type's formatted-text fields. */
const RICH_FIELDS = new Map(blockDefinitions.map((d) => [d.type, Object.fromEntries(Object.entries(d.fields).filter(([, f]) => f.type === 'richtext'))]));

const URL_PROP = /(href|src|image|video|poster|url|logo)$/i;
/**
 * Every link or media address inside a page's blocks must be http(s) or a site path (DESIGN "Security by construction"),
 * and formatted text (the blocks' `richtext` fields) is stored sanitised: the editor and the public page
 * both show it as HTML. Returns the content to store.
 */
export function cleanContent(content: StoredContent, errorKey: string = pageErrorKeys.pageTemplates): StoredContent {
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(x, `${path}.${i}`);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === 'string' && URL_PROP.test(k) && !isWebUrl(x)) throw badRequest(errorKey, messages.pages.unsafeUrl(`${path}.${k}`));
        walk(x, `${path}.${k}`);
      }
    }
  };
  const blocks: StoredBlock[] = [...content.content, ...Object.values(content.zones ?? {}).flat()];
  for (const [i, b] of blocks.entries()) walk(b.props, `content.${i}`);
  const clean = (b: StoredBlock): StoredBlock => {
    const rich = Object.entries(RICH_FIELDS.get(b.type) ?? {}).filter(([k]) => typeof b.props?.[k] === 'string');
    return rich.length ? { ...b, props: { ...b.props, ...Object.fromEntries(rich.map(([k]) => [k, storedRichText(b.props[k] as string)])) } } : b;
  };
  return {
    ...content,
    content: content.content.map(clean),
    ...(content.zones ? { zones: Object.fromEntries(Object.entries(content.zones).map(([z, list]) => [z, list.map(clean)])) } : {}),
  };
}
