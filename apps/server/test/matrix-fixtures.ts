import { randomBytes } from 'node:crypto';
import { jobs } from '../src/db/schema/jobs.ts';
import { widgets } from '../src/db/schema/wave.ts';
import type { MatrixFixture } from './matrix-types.ts';

/** A widget of tenant A to address in a matrix request (used by widgets/ and wave/ matrix entries). */
export async function widgetOfA(f: MatrixFixture) {
  const [w] = await f.app.db
    .insert(widgets)
    .values({
      clientId: f.a.client.id,
      videoControls: { fullscreenSwitch: true, shareSwitch: false, volumeSwitch: true, playbarSwitch: true },
      style: [{ name: 'background', color: '#ff9a08', showCanvas: true }],
    })
    .returning();
  return w;
}

/** A job (open unless `extra` says otherwise) of tenant A in Austin (used by jobs/, public-jobs/ and prequalification/ matrix entries). */
export async function jobOfA(f: MatrixFixture, extra: Partial<typeof jobs.$inferInsert> = {}) {
  const [j] = await f.app.db
    .insert(jobs)
    .values({
      clientId: f.a.client.id,
      title: 'Matrix Nurse',
      referenceNumber: `M-${randomBytes(4).toString('hex')}`,
      zipCode: '78701',
      city: 'Austin',
      state: 'TX',
      lat: 30.27,
      lng: -97.74,
      ...extra,
    })
    .returning();
  return j;
}
