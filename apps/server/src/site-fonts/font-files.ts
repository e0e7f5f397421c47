import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fontFileName, SITE_FONT_FILES } from '@hh/contract/site-css';

const require = createRequire(import.meta.url);

/**
 * Every font file a career site may load, read once at start-up: the allow-list is the
 * contract's SITE_FONT_FILES, so a request can only ever name one of these files (no path is built
 * from a URL). A missing package or file stops the start, like a wrong setting would.
 */
export async function loadSiteFontFiles(): Promise<Map<string, Buffer>> {
  const names = [...new Set(Object.values(SITE_FONT_FILES).flatMap((f) => f.weights.map((w) => ({ pkg: f.pkg, file: fontFileName(f.pkg, w) }))))];
  const files = await Promise.all(names.map(async ({ pkg, file }) => [file, await readFile(require.resolve(`@fontsource/${pkg}/files/${file}`))] as const));
  return new Map(files);
}
