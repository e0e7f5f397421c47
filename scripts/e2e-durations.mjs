#!/usr/bin/env node
// `npm run e2e:durations`: writes e2e/durations.json, the seconds each browser test file took in the
// last full run (`npm test` leaves each shard's Playwright report in .test-output/playwright-N.json).
// scripts/test-all.mjs splits the files between its shards by these figures.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = '.test-output';
const reports = existsSync(dir) ? readdirSync(dir).filter((f) => /^playwright-\d+\.json$/.test(f)) : [];
if (reports.length === 0) {
  console.error('No browser test reports in .test-output/: run `npm test` first.');
  process.exit(1);
}
const seconds = {};
function add(suite, file) {
  for (const spec of suite.specs ?? []) for (const t of spec.tests) for (const r of t.results) seconds[file] = (seconds[file] ?? 0) + r.duration / 1000;
  for (const child of suite.suites ?? []) add(child, file);
}
for (const name of reports) for (const suite of JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')).suites) add(suite, `e2e/tests/${suite.file}`);
const sorted = Object.fromEntries(
  Object.entries(seconds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([f, s]) => [f, Math.round(s)]),
);
writeFileSync('e2e/durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
const total = Object.values(sorted).reduce((t, s) => t + s, 0);
console.log(`e2e/durations.json: ${Object.keys(sorted).length} files, ${Math.round(total / 60)} min of tests in all`);
