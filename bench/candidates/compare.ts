// bench/candidates with BENCH_TARGETS=plain,citus: each Citus figure beside the plain PostgreSQL one,
// as a ratio (goal: Citus within 1.5x of plain PostgreSQL, for the time of a search and for the rate
// under 20 connections).
export interface TargetFigures {
  target: 'plain' | 'citus';
  /** Per shape, one request at a time with the cache emptied before each (every search runs its SQL). */
  sequential: Record<string, { p50: number; p95: number }>;
  /** Per concurrent figure: req/s, p99 and its share of the bare node:http server of the same run. */
  concurrent: Record<string, { rps: number; p99: number; share: number }>;
}

export function compareTargets(all: TargetFigures[], log: (s: string) => void) {
  const plain = all.find((t) => t.target === 'plain');
  const citus = all.find((t) => t.target === 'citus');
  if (!plain || !citus) return;
  const verdict = (ratio: number) => (ratio <= 1.5 ? 'ok' : 'MISSES');
  log('\nCitus beside plain PostgreSQL (goal: within 1.5x):');
  log('| Search, one at a time | plain p50 / p95 | Citus p50 / p95 | p95 ratio |');
  log('|---|---|---|---|');
  for (const [name, p] of Object.entries(plain.sequential)) {
    const c = citus.sequential[name];
    if (!c) continue;
    const ratio = c.p95 / p.p95;
    log(`| ${name} | ${p.p50.toFixed(1)} / ${p.p95.toFixed(1)} ms | ${c.p50.toFixed(1)} / ${c.p95.toFixed(1)} ms | ${ratio.toFixed(2)}x ${verdict(ratio)} |`);
  }
  log('| 20 connections | plain req/s (share), p99 | Citus req/s (share), p99 | rate ratio |');
  log('|---|---|---|---|');
  for (const [name, p] of Object.entries(plain.concurrent)) {
    const c = citus.concurrent[name];
    if (!c) continue;
    // Requests a second, plain over Citus. The shares of each run's own bare server are printed too, but
    // the bare server itself moved twofold between runs minutes apart on the shared machine, so the
    // rates are what is compared.
    const ratio = p.rps / c.rps;
    log(
      `| ${name} | ${p.rps.toFixed(0)} (${p.share.toFixed(1)} %), ${p.p99} ms | ${c.rps.toFixed(0)} (${c.share.toFixed(1)} %), ${c.p99} ms | ${ratio.toFixed(2)}x ${verdict(ratio)} |`,
    );
  }
}
