import { DEFAULT_STATUSES } from '@hh/contract/crm';
import type { crmPrivacyRoutes as r } from '@hh/contract/crm-privacy';
import { messages } from '@hh/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { logActivity } from '../../core/activity-log.ts';
import { isBlankHtml, sanitizeRichHtml } from '../../core/rich-html.ts';
import { requireClient, requireRight } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { crmSettings } from '../../db/schema/candidates.ts';
import { CANDIDATE_ADMINS, CANDIDATE_READERS } from '../rights.ts';
import { privacyNoticeUrl } from './notice-url.ts';

/**
 * The notice is written in the portal's rich-text editor and shown on a public page, so it is
 * sanitised when stored: formatting and http(s)/mailto links survive, nothing that runs does.
 */
export function sanitizeNotice(html: string): string {
  const clean = sanitizeRichHtml(html);
  // An editor left empty gives "<p></p>": store it as no notice (the default one is shown).
  return isBlankHtml(clean) ? '' : clean;
}

/**
 * The client's notice and retention; readable by anyone with candidate rights on the client, and by
 * the career site's privacy page. `deps.db` may be a transaction (the settings update reads it in one).
 */
export async function readPrivacySettings(deps: { db: DbOrTx }, input: { clientId: string }) {
  const [row] = await deps.db
    .select({ retentionMonths: crmSettings.retentionMonths, privacyNotice: crmSettings.privacyNotice, at: crmSettings.privacyNoticeUpdatedAt })
    .from(crmSettings)
    .where(eq(crmSettings.clientId, input.clientId))
    .limit(1);
  return { retentionMonths: row?.retentionMonths ?? null, privacyNotice: row?.privacyNotice ?? '', privacyNoticeUpdatedAt: row?.at?.toISOString() ?? null };
}

/** GET /api/crm/privacy/settings: the notice, its public address and the retention. */
export const getPrivacySettings: Operation<typeof r.getSettings, 'db' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'privacy');
  return {
    clientId: client.id,
    ...(await readPrivacySettings(deps, { clientId: client.id })),
    privacyNoticeUrl: privacyNoticeUrl(client, deps.config.publicUrl),
  };
};

/** PUT /api/crm/privacy/settings: the notice (sanitised) and the retention in months (null keeps candidates). */
export const updatePrivacySettings: Operation<typeof r.updateSettings, 'db' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'privacy');
  requireRight(input.actor, CANDIDATE_ADMINS, 'privacy');
  const db = deps.db;
  const opts = { ...input, clientId: client.id, publicUrl: deps.config.publicUrl };
  const notice = sanitizeNotice(opts.privacyNotice);
  await db.transaction(async (tx) => {
    const before = await readPrivacySettings({ db: tx }, { clientId: opts.clientId });
    const noticeChanged = before.privacyNotice !== notice;
    // No now() in DO UPDATE SET (Citus, docs/scaling.md): the time is a parameter.
    const at = new Date();
    await tx.execute(sql`
      INSERT INTO crm_settings (client_id, statuses, retention_months, privacy_notice, privacy_notice_updated_at, updated_at)
      VALUES (${opts.clientId}, ${`{${DEFAULT_STATUSES.join(',')}}`}::text[], ${opts.retentionMonths}, ${notice || null}, ${noticeChanged ? at : null}, ${at})
      ON CONFLICT (client_id) DO UPDATE SET retention_months = EXCLUDED.retention_months, privacy_notice = EXCLUDED.privacy_notice,
        privacy_notice_updated_at = CASE WHEN ${noticeChanged} THEN EXCLUDED.privacy_notice_updated_at ELSE crm_settings.privacy_notice_updated_at END,
        updated_at = EXCLUDED.updated_at`);
    await logActivity(tx, {
      actor: opts.actor,
      clientId: opts.clientId,
      action: 'update',
      entity: 'privacy-settings',
      entityId: opts.clientId,
      changes: {
        ...(before.retentionMonths !== opts.retentionMonths ? { retentionMonths: { from: before.retentionMonths, to: opts.retentionMonths } } : {}),
        ...(noticeChanged ? { privacyNotice: 'changed' } : {}),
      },
    });
  });
  return {
    clientId: opts.clientId,
    ...(await readPrivacySettings(deps, { clientId: opts.clientId })),
    privacyNoticeUrl: privacyNoticeUrl(client, opts.publicUrl),
    message: messages.privacy.settingsSaved,
  };
};
