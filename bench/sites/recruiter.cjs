// bench/sites: the signed-in recruiter, measured from a process of its own at normal CPU priority,
// while run.ts's load generators (lower priority) make the public traffic. Its figures are then the
// server's answer times, not the time a busy load generator took to read them.
//   node bench/sites/recruiter.cjs '<json: base, paths, headers, connections, duration>'
// Prints "ready", waits for a line on stdin, runs, prints one line of JSON.
const autocannon = require('autocannon');

const o = JSON.parse(process.argv[2]);
let i = 0;
process.stdout.write('ready\n');
process.stdin.once('data', () => {
  autocannon(
    {
      url: o.base,
      connections: o.connections,
      duration: o.duration,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: o.paths[i++ % o.paths.length], headers: { ...req.headers, ...o.headers } }) }],
    },
    (err, r) => {
      if (err) {
        process.stderr.write(`${err.stack}\n`);
        process.exit(1);
      }
      process.stdout.write(
        `${JSON.stringify({ rps: r.requests.average, p99: r.latency.p99, p95: r.latency.p97_5, non2xx: r.non2xx, errors: r.errors + r.timeouts })}\n`,
      );
      process.exit(0);
    },
  );
});
