#!/usr/bin/env node
// `npm test`: typecheck, lint, API/unit tests (Vitest, real PostgreSQL), browser tests (Playwright,
// Debian's Chromium). Prints one closing line "N passed, N failed" summed over every stage.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve('.test-output'); // absolute: each runner resolves relative paths from its own root
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;
let ok = true;

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.log(`=== ${name} FAILED (exit ${r.status})`);
    ok = false;
  }
  // Each stage's time, so that a CI log says where the minutes went.
  console.log(`=== ${name}: done in ${Math.round((Date.now() - t0) / 1000)} s`);
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
  '--project',
  '!faults', // the next stage
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}/vitest.json`,
]);
if (existsSync(`${out}/vitest.json`)) {
  const v = JSON.parse(readFileSync(`${out}/vitest.json`, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests + (v.numTotalTestSuites && v.success === false && v.numFailedTests === 0 ? 1 : 0);
} else failed++;

// Faults the product must survive (docs/operations.md): the real server and its own PostgreSQL per
// file, one file at a time, on their own so their timings do not share the CPU with the API suite.
// Each test adds its figures to FAULTS_FIGURES; they are printed with the closing line.
const faultFigures = `${out}/faults-figures.jsonl`;
run(
  'faults',
  'npx',
  [
    'vitest',
    'run',
    '--config',
    'apps/server/vitest.config.ts',
    '--project',
    'faults',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}/faults.json`,
  ],
  { FAULTS_FIGURES: faultFigures },
);
if (existsSync(`${out}/faults.json`)) {
  const v = JSON.parse(readFileSync(`${out}/faults.json`, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests + (v.numTotalTestSuites && v.success === false && v.numFailedTests === 0 ? 1 : 0);
} else failed++;

/**
 * The browser tests run as E2E_SHARDS (default 2) Playwright processes at once, each with its own
 * server and embedded PostgreSQL (e2e/support/global-setup.ts), so no shard sees another's data.
 * Most of a browser test is waiting (timers, network idle, Undo windows), so two shards on two
 * cores take a little over half the time of one. Each line of a shard's output is prefixed.
 */
/**
 * The browser test files split between the shards by how long each took in a measured run
 * (e2e/durations.json, written by `npm run e2e:durations` from a full run's reports): longest first,
 * each to the shard with the least so far. Playwright's own --shard splits by count, which left one
 * shard six minutes behind the other when the long files fell together. A file not yet measured
 * weighs as the median file.
 */
const durations = existsSync('e2e/durations.json') ? JSON.parse(readFileSync('e2e/durations.json', 'utf8')) : {};
const measured = Object.values(durations).sort((a, b) => a - b);
const median = measured.length ? measured[Math.floor(measured.length / 2)] : 60;
const weightOf = (file) => durations[file] ?? median;
function planShards(n) {
  const files = readdirSync('e2e/tests')
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => `e2e/tests/${f}`)
    .sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b));
  const shards = Array.from({ length: n }, () => ({ files: [], total: 0 }));
  for (const f of files) {
    const least = shards.reduce((m, s) => (s.total < m.total ? s : m));
    least.files.push(f);
    least.total += weightOf(f);
  }
  return shards.map((s) => s.files);
}

async function runE2e() {
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
  console.log(`\n=== browser tests: ${shards} Playwright shard(s)`);
  if (!run('web build', 'npm', ['run', '-s', 'build', '-w', 'apps/web'])) {
    failed++;
    return false;
  }
  const plan = planShards(shards);
  if (shards > 1)
    for (const [k, files] of plan.entries())
      console.log(`[e2e ${k + 1}/${shards}] ${files.length} files, about ${Math.round(files.reduce((t, f) => t + weightOf(f), 0) / 60)} min of tests`);
  const one = (i) =>
    new Promise((resolve) => {
      const tag = shards > 1 ? `[e2e ${i}/${shards}] ` : '';
      const child = spawn('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...(shards > 1 ? plan[i - 1] : [])], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright-${i}.json`,
          E2E_OUTPUT_DIR: shards > 1 ? `./test-results/shard-${i}` : './test-results',
        },
      });
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.on('data', (b) => {
          const lines = (rest + b.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const l of lines) to.write(`${tag}${l}\n`);
        });
        from.on('end', () => rest && to.write(`${tag}${rest}\n`));
      }
      const t0 = Date.now();
      child.on('close', (code) => {
        console.log(`=== browser tests shard ${i}/${shards}: done in ${Math.round((Date.now() - t0) / 1000)} s`);
        resolve({ i, code });
      });
    });
  const results = await Promise.all(Array.from({ length: shards }, (_, k) => one(k + 1)));
  let good = true;
  for (const { i, code } of results) {
    const file = `${out}/playwright-${i}.json`;
    if (code !== 0) {
      console.log(`=== browser tests shard ${i}/${shards} FAILED (exit ${code})`);
      good = false;
    }
    if (existsSync(file)) {
      const p = JSON.parse(readFileSync(file, 'utf8'));
      passed += p.stats?.expected ?? 0;
      failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
    } else failed++;
  }
  return good;
}

if (process.env.SKIP_E2E !== '1' && !(await runE2e())) ok = false;

if (existsSync(faultFigures)) {
  console.log('\nFaults survived (requests held, writes lost):');
  for (const line of readFileSync(faultFigures, 'utf8').trim().split('\n')) {
    const { fault, ...figures } = JSON.parse(line);
    console.log(
      `  ${fault}: ${Object.entries(figures)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
