import { fillPath } from '@hh/contract/route';
import type { reportsRoutes } from '@hh/contract/reports';
import { buildUrl } from '../../lib/api.ts';
import { tokenStore } from '../../lib/token-store.ts';

/** Saves a report's CSV (fetched with the session: the figures are the client's own); throws the server's message when refused. */
export async function downloadCsv(
  entry: (typeof reportsRoutes)['get'] | (typeof reportsRoutes)['applications'],
  metric: string,
  query: Record<string, string | undefined>,
  fileName: string,
): Promise<void> {
  const session = tokenStore.get();
  const q: Record<string, string> = { format: 'csv' };
  for (const [k, v] of Object.entries(query)) if (v) q[k] = v;
  const res = await fetch(buildUrl(fillPath(entry.path, { metric }), q), {
    credentials: 'include',
    headers: session ? { Authorization: `Bearer ${session.accessToken}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { errorMsg?: Record<string, string[]> } | null;
    throw new Error(Object.values(body?.errorMsg ?? {}).flat()[0] ?? 'The export failed. Please try again');
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
