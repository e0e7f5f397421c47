import { conversationsRoutes } from '@hh/contract/conversations';
import { fillPath } from '@hh/contract/route';
import { buildUrl } from '../../lib/api.ts';
import { tokenStore } from '../../lib/token-store.ts';

/**
 * Saves an inbound email's attachment: fetched with the session (it is the candidate's personal data,
 * never a public link), then handed to the browser as a download. Throws the server's words when refused.
 */
export async function downloadAttachment(clientId: string, a: { _id: string; filename: string }): Promise<void> {
  const session = tokenStore.get();
  const res = await fetch(buildUrl(fillPath(conversationsRoutes.attachment.path, { attachmentId: a._id }), { clientId }), {
    credentials: 'include',
    headers: session ? { Authorization: `Bearer ${session.accessToken}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { errorMsg?: Record<string, string[]> } | null;
    throw new Error(Object.values(body?.errorMsg ?? {}).flat()[0] ?? 'The attachment could not be downloaded. Try again.');
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = a.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
