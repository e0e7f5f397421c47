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
