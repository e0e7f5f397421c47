import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { escapeHtml } from '@hh/html/escape';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../core/deps.ts';
import { answer, type Operation } from '../../core/operation.ts';
import { loadBranding } from '../../mail/index.ts';
import { recordCandidateEvent } from '../events.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * Unsubscribes the address a campaign link names from the client's campaigns (kept in
 * campaign_unsubscribes, which every later send checks) and notes it on the timeline of the
 * client's candidates with that address. Null when the token is not valid. Unsubscribing twice is fine.
 */
export async function unsubscribe(deps: Pick<Deps, 'db' | 'config'>, token: string): Promise<{ clientId: string; email: string } | null> {
  const t = await verifyUnsubscribeToken(deps.config.jwtSecret, token);
  if (!t) return null;
  await deps.db.transaction(async (tx) => {
    const ins = await tx.execute(sql`
      INSERT INTO campaign_unsubscribes (client_id, email) SELECT id, ${t.email} FROM clients WHERE id = ${t.clientId}
      ON CONFLICT DO NOTHING RETURNING email`);
    if (!ins.rows.length) return;
    const cands = await tx.execute<{ id: string }>(
      sql`SELECT id FROM candidates WHERE client_id = ${t.clientId} AND lower(btrim(email)) = ${t.email} LIMIT 100`,
    );
    for (const c of cands.rows)
      await recordCandidateEvent(
        { db: tx },
        { clientId: t.clientId, candidateId: c.id, actor: null, type: 'unsubscribed', data: { campaignId: t.campaignId } },
      );
  });
  return { clientId: t.clientId, email: t.email };
}

/** The small public page (no portal, no script): a confirm button, the result, or the "not valid" text. */
export async function unsubscribePage(
  deps: Pick<Deps, 'db' | 'config'>,
  state: { kind: 'confirm'; token: string; clientId: string; email: string } | { kind: 'done'; clientId: string } | { kind: 'invalid' },
) {
  const branding = state.kind === 'invalid' ? null : await loadBranding(deps, { clientId: state.clientId, publicUrl: deps.config.publicUrl });
  const title = state.kind === 'confirm' ? 'Unsubscribe' : state.kind === 'done' ? 'Unsubscribed' : 'Link not valid';
  const main =
    state.kind === 'confirm'
      ? `<h1>Unsubscribe from ${escapeHtml(branding?.name)}?</h1>
<p>${escapeHtml(state.email)} will no longer receive campaign emails from ${escapeHtml(branding?.name)}. Emails about an application you send stay on.</p>
<form method="post" action="/api/campaigns/unsubscribe?token=${encodeURIComponent(state.token)}"><button type="submit">Unsubscribe</button></form>`
      : state.kind === 'done'
        ? `<h1>${escapeHtml(branding?.name)}</h1><p role="status">${escapeHtml(messages.crm.unsubscribed)}</p>`
        : `<h1>Link not valid</h1><p role="alert">${escapeHtml(messages.crm.unsubscribeInvalid)}</p>`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;background:#f6f7f9;color:#1f2937;margin:0;padding:48px 16px}
main{max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:28px 32px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 12px}p{line-height:1.5}button{background:#0C74E4;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:16px;font-weight:600;cursor:pointer}</style>
</head><body><main>${main}</main></body></html>`;
}

/** The page as the reply: HTML, never cached (it names the address). */
const page = (status: number, html: string) => answer({ status, type: 'text/html; charset=utf-8', headers: { 'cache-control': 'no-store' }, body: html });

/** GET: the confirm page for a valid link, else the "not valid" page (400). */
export const unsubscribeLanding: Operation<typeof r.unsubscribeLanding, 'db' | 'config'> = async (deps, input) => {
  const t = await verifyUnsubscribeToken(deps.config.jwtSecret, input.token);
  if (!t) return page(400, await unsubscribePage(deps, { kind: 'invalid' }));
  return page(200, await unsubscribePage(deps, { kind: 'confirm', token: input.token, clientId: t.clientId, email: t.email }));
};

/** POST: unsubscribes and confirms, else the "not valid" page (400). */
export const unsubscribeAndConfirm: Operation<typeof r.unsubscribe, 'db' | 'config'> = async (deps, input) => {
  const done = await unsubscribe(deps, input.token);
  if (!done) return page(400, await unsubscribePage(deps, { kind: 'invalid' }));
  return page(200, await unsubscribePage(deps, { kind: 'done', clientId: done.clientId }));
};
