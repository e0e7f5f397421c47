#!/usr/bin/env node
// `npm test`: typecheck, lint, API/unit tests (Vitest, real PostgreSQL), browser tests (Playwright,
// Debian's Chromium). Prints one closing line "N passed, N failed" summed over every stage.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve('.test-output'); // absolute: each runner resolves relative paths from its own root
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;
let ok = true;

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.log(`=== ${name} FAILED (exit ${r.status})`);
    ok = false;
  }
  return r.status === 0;
}

if (run('typecheck', 'npm', ['run', '-s', 'typecheck'])) passed++;
else failed++;
if (run('lint', 'npm', ['run', '-s', 'lint']))
  passed++; // biome, then the boundary rules (.dependency-cruiser.cjs)
else failed++;

run('api and unit tests', 'npx', [
  'vitest',
  'run',
  '--config',
  'apps/server/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}/vitest.json`,
]);
if (existsSync(`${out}/vitest.json`)) {
  const v = JSON.parse(readFileSync(`${out}/vitest.json`, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests + (v.numTotalTestSuites && v.success === false && v.numFailedTests === 0 ? 1 : 0);
} else failed++;

if (process.env.SKIP_E2E !== '1') {
  run('browser tests', 'npm', ['run', '-s', 'test:e2e'], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json` });
  if (existsSync(`${out}/playwright.json`)) {
    const p = JSON.parse(readFileSync(`${out}/playwright.json`, 'utf8'));
    passed += p.stats?.expected ?? 0;
    failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
  } else failed++;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
