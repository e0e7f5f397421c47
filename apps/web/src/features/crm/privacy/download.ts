import { buildUrl } from '../../../lib/api.ts';
import { tokenStore } from '../../../lib/token-store.ts';

/**
 * Saves a signed-in download (the export JSON, the files zip) under `fileName`: fetched with the
 * session, never a public link; the server's error message is thrown when it refuses.
 */
export async function downloadWithSession(path: string, query: Record<string, string>, fileName: string): Promise<void> {
  const session = tokenStore.get();
  const res = await fetch(buildUrl(path, query), {
    credentials: 'include',
    headers: session ? { Authorization: `Bearer ${session.accessToken}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { errorMsg?: Record<string, string[]> } | null;
    throw new Error(Object.values(body?.errorMsg ?? {}).flat()[0] ?? 'The download failed. Please try again');
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
