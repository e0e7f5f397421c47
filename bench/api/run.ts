// bench/api: signed-in GET /api/client/get-by-id against GET /health, same run, autocannon.
// Goal (DESIGN.md): the client read at >= 50% of the health route's rate.
import autocannon from 'autocannon';
import { login, startServer } from '../lib/server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function rate(url: string, headers: Record<string, string> = {}): Promise<{ rps: number; p99: number; non2xx: number }> {
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx };
}

const server = await startServer();
try {
  const token = await login(server.base);
  const slug = await fetch(`${server.base}/api/client/get-by-slug?nameSlug=acme-health`).then((r) => r.json() as Promise<{ _id: string }>);
  const clientUrl = `${server.base}/api/client/get-by-id?clientId=${slug._id}`;
  const auth = { authorization: `Bearer ${token}` };
  const check = await fetch(clientUrl, { headers: auth });
  if (!check.ok) throw new Error(`client read failed: ${check.status}`);
  await rate(`${server.base}/health`); // warm-up
  const health = await rate(`${server.base}/health`);
  const client = await rate(clientUrl, auth);
  const ratio = client.rps / health.rps;
  console.log(`bench/api  (${DURATION}s each, ${CONNECTIONS} connections, LOG_LEVEL=warn)`);
  console.log(`  GET /health                      ${health.rps.toFixed(0)} req/s  p99 ${health.p99} ms  non-2xx ${health.non2xx}`);
  console.log(`  GET /api/client/get-by-id (auth) ${client.rps.toFixed(0)} req/s  p99 ${client.p99} ms  non-2xx ${client.non2xx}`);
  console.log(`  ratio client/health              ${(ratio * 100).toFixed(1)}%  (goal >= 50%)`);
} finally {
  await server.stop();
}
