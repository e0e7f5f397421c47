import { randomBytes } from 'node:crypto';
import type { MatrixEntry, MatrixRole } from '../../test/matrix-types.ts';
import { eq } from 'drizzle-orm';
import { clients } from '../db/schema/core.ts';
import { jobImports } from '../db/schema/jobs.ts';
import { evictClient } from '../plugins/session-cache.ts';

/** Who may call each job-import route (the queued work itself is tested in job-imports.test.ts). */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];
const uid = () => randomBytes(4).toString('hex');

function csvUpload(clientId: string) {
  const boundary = `----m${uid()}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\n${clientId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="jobs.csv"\r\nContent-Type: text/csv\r\n\r\ntitle,referenceNumber\nX,M-${uid()}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const matrix: MatrixEntry[] = [
  { method: 'POST', route: '/api/job/import', allowed: tenantA, request: (f) => csvUpload(f.a.client.id) },
  {
    method: 'POST',
    route: '/api/job/import-feed',
    allowed: tenantA,
    request: async (f) => {
      await f.app.db.update(clients).set({ jobsFeedUrl: 'http://127.0.0.1:9/feed.xml' }).where(eq(clients.id, f.a.client.id));
      evictClient(f.app.db, f.a.client.id); // as the app's own writes do; the NOTIFY eviction arrives a moment later
      return { payload: { clientId: f.a.client.id } };
    },
  },
  { method: 'GET', route: '/api/job/imports', allowed: tenantA, request: (f) => ({ url: `/api/job/imports?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/job/imports/:id',
    allowed: tenantA,
    request: async (f) => {
      const [row] = await f.app.db.insert(jobImports).values({ clientId: f.a.client.id, source: 'file', status: 'succeeded' }).returning();
      return { url: `/api/job/imports/${row.id}?clientId=${f.a.client.id}` };
    },
  },
];
