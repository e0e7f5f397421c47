import type { MatrixEntry, MatrixFixture } from '../../test/matrix-types.ts';
import { widgets } from '../db/schema/wave.ts';

/** Who may call each widget route (docs/wave.md). Requests target tenant A; staffA is a Wave admin of A. */
const everyone = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const managersA = ['admin', 'recruiterA', 'staffA'] as const;

/** A widget of tenant A to address in a matrix request (shared with wave/matrix.ts). */
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

export const matrix: MatrixEntry[] = [
  { method: 'POST', route: '/api/widget/create', allowed: [...managersA], request: (f) => ({ payload: { clientId: f.a.client.id } }) },
  {
    method: 'PATCH',
    route: '/api/widget/update',
    allowed: [...managersA],
    request: async (f) => ({ payload: { _id: (await widgetOfA(f)).id, font: 'Lato' } }),
  },
  { method: 'GET', route: '/api/widget', allowed: [...managersA], request: (f) => ({ url: `/api/widget?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/widget/get-by-id',
    allowed: [...managersA],
    request: async (f) => ({ url: `/api/widget/get-by-id?widgetId=${(await widgetOfA(f)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/widget/get-preview',
    allowed: [...managersA],
    request: async (f) => ({ url: `/api/widget/get-preview?widgetId=${(await widgetOfA(f)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/widget/public/:widgetId',
    allowed: [...everyone],
    note: 'Public embed data: empty unless the Origin is one of the embeddingPermissions.',
    request: async (f) => ({ url: `/api/widget/public/${(await widgetOfA(f)).id}` }),
  },
];
