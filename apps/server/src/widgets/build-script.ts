import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'embed', 'widget-script.ts');
let cached: Promise<string> | null = null;

/** Bundles the embed script once per process with esbuild (minified IIFE, a few KB). */
export function widgetScript(): Promise<string> {
  cached ??= build({ entryPoints: [ENTRY], bundle: true, minify: true, format: 'iife', target: 'es2019', write: false, legalComments: 'none' })
    .then((r) => r.outputFiles[0].text)
    .catch((err) => {
      cached = null;
      throw err;
    });
  return cached;
}
