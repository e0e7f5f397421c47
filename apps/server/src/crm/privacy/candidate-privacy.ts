import type { crmPrivacyRoutes as r } from '@hh/contract/crm-privacy';
import { messages } from '@hh/contract/messages';
import { may, requireClient, requireRight } from '../../auth/access.ts';
import { answer, type Operation } from '../../core/operation.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { loadCandidateRow } from '../get-candidate.ts';
import { CANDIDATE_ADMINS, CANDIDATE_EDITORS, CANDIDATE_READERS } from '../rights.ts';
import { hydrateCandidates } from '../serialize.ts';
import { anonymiseCandidate } from './anonymise-candidate.ts';
import { listPrivacyLog, logPrivacy } from './audit.ts';
import { candidateData, listConsents } from './candidate-data.ts';
import { zipCandidateFiles } from './export-files.ts';

/**
 * Rights to a candidate's privacy actions (docs/permissions.md "Candidate privacy"), on top of the
 * candidate right: export and the audit need harvest or cultivate editor or above (CANDIDATE_EDITORS);
 * erasure and the client's privacy settings need admin (CANDIDATE_ADMINS).
 */

/** GET /api/crm/privacy/candidate/:id — consents for anyone with candidate rights; the audit for those who may export. */
export const getCandidatePrivacy: Operation<typeof r.getCandidate, 'db'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates')).id;
  const row = await loadCandidateRow(deps.db, clientId, input.id);
  const mayExport = may(input.actor, CANDIDATE_EDITORS);
  const [consents, log] = await Promise.all([
    listConsents(deps.db, clientId, row.id),
    mayExport ? listPrivacyLog(deps.db, clientId, row.id) : Promise.resolve({ audit: [], auditTotal: 0 }),
  ]);
  return {
    candidateId: row.id,
    anonymizedAt: row.anonymizedAt?.toISOString() ?? null,
    consents,
    ...log,
    canExport: mayExport,
    canErase: may(input.actor, CANDIDATE_ADMINS),
  };
};

/** GET /api/crm/privacy/candidate/:id/export — the JSON export, as an attachment; the audit records it. */
export const exportCandidate: Operation<typeof r.exportCandidate, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  requireRight(input.actor, CANDIDATE_EDITORS, 'candidates');
  const row = await loadCandidateRow(deps.db, client.id, input.id);
  const data = await candidateData(deps.db, { client, row, exportedBy: input.actor.email });
  await logPrivacy(deps.db, { clientId: client.id, candidateId: row.id, actor: input.actor, action: 'exported' });
  return answer({
    headers: { 'Cache-Control': 'private, no-store', 'Content-Disposition': `attachment; filename="candidate-${data.candidate._id}.json"` },
    body: data,
  });
};

/** GET /api/crm/privacy/candidate/:id/files — the files as a streamed zip (like GET /api/get-file, never cached); the audit records it. */
export const exportCandidateFiles: Operation<typeof r.exportFiles, 'db' | 'storage'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'file')).id;
  requireRight(input.actor, CANDIDATE_EDITORS, 'file');
  const row = await loadCandidateRow(deps.db, clientId, input.id);
  const [c] = await hydrateCandidates(deps.db, clientId, null, [row]);
  const zip = await zipCandidateFiles(deps, c.files);
  if (!zip.count) {
    zip.stream.resume();
    throw notFound('file', messages.privacy.noFiles);
  }
  await logPrivacy(deps.db, { clientId, candidateId: row.id, actor: input.actor, action: 'exported-files' });
  return answer({
    headers: {
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': `attachment; filename="candidate-${row.id}-files.zip"`,
    },
    type: 'application/zip',
    body: zip.stream,
  });
};

/** POST /api/crm/privacy/candidate/erase — irreversible; the typed confirmation is the candidate's email address. */
export const eraseCandidate: Operation<typeof r.erase, 'db' | 'storage' | 'log'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates')).id;
  requireRight(input.actor, CANDIDATE_ADMINS, 'candidates');
  const row = await loadCandidateRow(deps.db, clientId, input.candidateId);
  if (row.anonymizedAt) throw conflict('candidates', messages.privacy.alreadyErased);
  if (input.confirm.trim().toLowerCase() !== row.email.toLowerCase()) throw badRequest('confirm', messages.privacy.eraseConfirmMismatch);
  const r = await anonymiseCandidate(deps, { clientId, candidateId: row.id, actor: input.actor, reason: 'erased' });
  if (!r) throw conflict('candidates', messages.privacy.alreadyErased);
  return { message: messages.privacy.erased, candidateId: row.id, anonymizedAt: r.anonymizedAt.toISOString(), filesRemoved: r.filesRemoved };
};
