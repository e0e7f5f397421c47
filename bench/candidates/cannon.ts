// bench/candidates: autocannon in its own process (the app under test runs in the bench's process, so
// the load must not share its event loop). Run by load.ts as
//   node --import tsx bench/candidates/cannon.ts <options.json>
// where the file holds { base, paths, connections, seconds, headers }: each request takes the next
// path of the list (a list of one: the same request every time). Prints autocannon's figures as JSON.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const opts = JSON.parse(readFileSync(process.argv[2], 'utf8')) as {
  base: string;
  paths: string[];
  connections: number;
  seconds: number;
  headers: Record<string, string>;
};
let i = 0;
const result = await autocannon({
  url: opts.base,
  connections: opts.connections,
  duration: opts.seconds,
  requests: [
    {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: opts.paths[i++ % opts.paths.length], headers: { ...req.headers, ...opts.headers } }),
    },
  ],
});
process.stdout.write(
  JSON.stringify({ rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, total: result.requests.total }),
);
