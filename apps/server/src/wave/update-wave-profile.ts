import { messages } from '@hh/contract/messages';
import type { waveRoutes as w, WaveStatus } from '@hh/contract/wave';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { diff, logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { clients } from '../db/schema/core.ts';
import { waveProfiles } from '../db/schema/wave.ts';
import { badRequest, forbidden, notFound } from '../lib/app-error.ts';
import { loadBranding, renderMail } from '../mail/index.ts';
import { resolveProfileFields, waveProfileKey } from './resolve-fields.ts';
import { missingAnswers } from './missing-answers.ts';
import { canManageWave } from './reviewers.ts';
import { toWaveProfile } from './serialize.ts';
import { visibleProfiles } from './visibility.ts';

/** Moves the owner may make (docs/wave.md); reviewers may set any status. */
const OWNER_MOVES: Record<WaveStatus, WaveStatus[]> = {
  'In Progress': ['Pending Review'],
  'Pending Review': ['In Progress'],
  Rejected: ['Pending Review', 'In Progress'],
  Approved: [],
};

/**
 * PATCH /api/profiles/wave/update: edits, submission, and (for reviewers) approve and reject,
 * which are "an update of the profile with a new status" (§4). Rejecting needs a reason and
 * emails the owner. An owner's content edit to an Approved profile sends it back to review, so
 * public pages only ever show reviewed content.
 */
export const updateWaveProfile: Operation<typeof w.update, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const { _id, status: wanted, rejectionReason, showNotification: _ignored, actor, ...content } = input;
  const result = await deps.db.transaction(async (tx) => {
    // Find the tenant first, then lock the row with client_id in the filter: a FOR UPDATE that does
    // not name the tenant would span every shard, which Citus refuses (docs/scaling.md).
    const [found] = await tx
      .select({ clientId: waveProfiles.clientId })
      .from(waveProfiles)
      .where(and(eq(waveProfiles.id, _id), await visibleProfiles(tx, actor)))
      .limit(1);
    if (!found) throw notFound(waveProfileKey, messages.wave.notFound);
    const [row] = await tx
      .select()
      .from(waveProfiles)
      .where(and(eq(waveProfiles.clientId, found.clientId), eq(waveProfiles.id, _id)))
      .for('update')
      .limit(1);
    if (!row) throw notFound(waveProfileKey, messages.wave.notFound);
    const reviewer = await canManageWave({ db: tx }, { actor, clientId: row.clientId });
    const owner = row.createdBy === actor.id;
    if (!reviewer && !owner) throw forbidden(waveProfileKey, messages.wave.notAllowed);

    const fields = await resolveProfileFields(tx, row.clientId, content);
    const hasContent = Object.keys(fields).length > 0;
    let status: WaveStatus = row.status;
    if (wanted && wanted !== row.status) {
      if (!reviewer) {
        if (wanted === 'Approved' || wanted === 'Rejected') throw forbidden(waveProfileKey, messages.wave.notReviewer);
        if (!OWNER_MOVES[row.status].includes(wanted)) throw badRequest('status', messages.wave.badTransition(row.status, wanted));
      }
      status = wanted;
    } else if (!reviewer && hasContent && row.status === 'Approved') {
      status = 'Pending Review';
    }
    // Nothing half done goes to review or goes live: every question needs a processed video.
    if (wanted && status !== row.status && (status === 'Pending Review' || status === 'Approved')) {
      const { missing, total } = await missingAnswers(tx, row.clientId, fields.questions ?? row.questions);
      if (missing.length)
        throw badRequest(
          'questions',
          status === 'Approved' ? messages.waveReview.approveIncomplete(missing, total) : messages.waveReview.submitIncomplete(missing),
        );
    }
    const reviewed = status !== row.status && (status === 'Approved' || status === 'Rejected');
    const reason = rejectionReason?.trim() ?? '';
    if (reviewed && status === 'Rejected' && !reason) throw badRequest('rejectionReason', messages.wave.reasonRequired);

    const set: Partial<typeof waveProfiles.$inferInsert> = { ...fields, status, updatedAt: new Date() };
    if (reviewed) {
      set.reviewedBy = actor.id;
      set.reviewedAt = new Date();
      set.rejectionReason = status === 'Rejected' ? reason : null;
    }
    const [updated] = await tx
      .update(waveProfiles)
      .set(set)
      .where(and(eq(waveProfiles.clientId, row.clientId), eq(waveProfiles.id, row.id)))
      .returning();
    const action = reviewed ? (status === 'Approved' ? 'approve' : 'reject') : 'update';
    await logActivity(tx, { actor, clientId: row.clientId, action, entity: 'waveProfile', entityId: row.id, changes: diff(row, updated) });
    return { updated, rejected: reviewed && status === 'Rejected' };
  });
  if (result.rejected) await emailRejection(deps, result.updated);
  return toWaveProfile(result.updated);
};

async function emailRejection(deps: Pick<Deps, 'db' | 'mail' | 'config'>, p: typeof waveProfiles.$inferSelect) {
  const [client] = await deps.db.select({ name: clients.name }).from(clients).where(eq(clients.id, p.clientId)).limit(1);
  const data = {
    firstName: p.firstName,
    companyName: client?.name ?? 'your company',
    reason: p.rejectionReason ?? '',
    link: `${deps.config.publicUrl}/settings/wave-profile`,
  };
  const branding = await loadBranding(deps, { clientId: p.clientId });
  await deps.mail.send({ to: p.ownerEmail, clientId: p.clientId, ...(await renderMail('waveProfileRejected', data, branding)) });
}
