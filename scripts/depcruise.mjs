#!/usr/bin/env node
// Runs dependency-cruiser (the boundary rules in .dependency-cruiser.cjs) with TypeScript 5 as its
// parser. The repo compiles with TypeScript 7, which dependency-cruiser 17 does not support
// ("typescript >=2 <7"), and swc, its other TypeScript parser, cannot read .tsx. So its lookups of
// `typescript` (a CommonJS require for the version, an ESM import for the API) are pointed at the
// 5.x copy installed as the `typescript-5` alias. Nothing else in the process sees the redirect.
// Decision 0008. Usage: node scripts/depcruise.mjs [depcruise arguments]
import Module, { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fromCruiser = (parent) => String(parent ?? '').includes(`${path.sep}dependency-cruiser${path.sep}`);
const redirect = (s) => (s === 'typescript' || s.startsWith('typescript/') ? s.replace(/^typescript/, 'typescript-5') : s);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  return resolveFilename.call(this, fromCruiser(parent?.filename) ? redirect(request) : request, parent, ...rest);
};
const hook = `
const fromCruiser = (u) => String(u ?? '').includes('/dependency-cruiser/');
const redirect = ${redirect.toString()};
export async function resolve(specifier, context, next) {
  return next(fromCruiser(context.parentURL) ? redirect(specifier) : specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, pathToFileURL(`${root}/`));

await import(pathToFileURL(path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')).href);
