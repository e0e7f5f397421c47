import { widgetOfA } from '../../test/matrix-fixtures.ts';
import type { MatrixEntry } from '../../test/matrix-types.ts';

/** Who may call each widget route (docs/wave.md). Requests target tenant A; staffA is a Wave admin of A. */
const everyone = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const managersA = ['admin', 'recruiterA', 'staffA'] as const;

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
