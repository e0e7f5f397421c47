// bench/sites/profile.ts: where a job page's time goes. Starts the product as bench/sites does, but
// under `node --cpu-prof`, loads the warm job page (autocannon, 20 connections, 8 s), stops the
// server (the profile is written at exit) and prints the functions with the most self time and the
// share of each package or source folder. The .cpuprofile stays for a flame graph (Chrome DevTools,
// speedscope).   node --import tsx bench/sites/profile.ts [job|search|health]
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../../apps/server/src/db/embedded.ts';

const what = process.argv[2] ?? 'job';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hh-prof-sites-'));
chmodSync(dataDir, 0o755);
const profDir = path.join(dataDir, 'prof');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const log = openSync(path.join(dataDir, 'server.log'), 'a');
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(await freePort()),
    PUBLIC_URL: base,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', log, log],
});
const deadline = Date.now() + 600_000;
for (;;) {
  if (child.exitCode !== null) throw new Error('server exited');
  const ok = await fetch(`${base}/api/search-jobs?nameSlug=acme-health&pageSize=1`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  if (Date.now() > deadline) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 300));
}
const sample = (await (await fetch(`${base}/api/search-jobs?nameSlug=acme-health&pageSize=1`)).json()) as { results: Array<{ url: string }> };
const url = what === 'search' ? `${base}/acme-health/search-page?v=acmehealth&keywords=nurse` : `${base}${sample.results[0].url}`;
const target = what === 'health' ? `${base}/health` : `${url}${url.includes('?') ? '&' : '?'}utm_source=careersite&utm_medium=organic`;
await autocannon({ url: target, connections: 20, duration: 2 });
const r = await autocannon({ url: target, connections: 20, duration: 8 });
console.log(`${what} page under load: ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms (load ${os.loadavg()[0].toFixed(2)})`);
// The profile covers the whole process; only the samples of the 8 s load are counted: it ends when
// SIGTERM is sent, which is the profile's end less the shutdown.
const stopAt = Date.now();
child.kill('SIGTERM');
await new Promise((res) => child.once('exit', res));
const shutdownUs = (Date.now() - stopAt) * 1000;

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const prof = JSON.parse(readFileSync(path.join(profDir, file), 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
  startTime: number;
};
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
const to = prof.endTime - shutdownUs;
const from = to - 8_000_000;
let at = prof.startTime;
for (const [i, id] of prof.samples.entries()) {
  at += prof.timeDeltas[i] ?? 0;
  if (at >= from && at <= to) self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (u: string) => {
  if (!u) return '(native/idle)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u);
  if (m) return m[1];
  const s = /apps\/server\/src\/([^/]+)/.exec(u);
  if (s) return `src/${s[1]}`;
  return u.startsWith('node:') ? u : path.basename(u);
};
const fns = new Map<string, number>();
const groups = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id);
  if (!n) continue;
  const f = `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  fns.set(f, (fns.get(f) ?? 0) + us);
  const g = where(n.callFrame.url);
  groups.set(g, (groups.get(g) ?? 0) + us);
}
const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
console.log(`\nself time during the load, by package or folder; idle is waiting (mostly for PostgreSQL) (profile ${path.join(profDir, file)}):`);
for (const [g, us] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log(`  ${pct(us)}  ${g}`);
console.log('\ntop functions by self time:');
for (const [f, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${pct(us)}  ${f}`);
