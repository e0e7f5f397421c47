// bench/sites: the request hook of autocannon's worker threads (a worker can only load a hook from a
// file). Each request names one of 5,000 visitor addresses in X-Forwarded-For, as run.ts's own
// rotation does, so the per-address abuse limits see many visitors, not one benchmark client.
const { threadId } = require('node:worker_threads');

let n = threadId * 1000;
module.exports = (req) => {
  const k = n++ % 5000;
  return { ...req, headers: { ...req.headers, 'x-forwarded-for': `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}` } };
};
