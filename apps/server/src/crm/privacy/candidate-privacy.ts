import { messages } from '@hh/contract/messages';
import type { Actor } from '../../auth/actor.ts';
import type { Deps } from '../../core/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { loadCandidateClient } from '../access.ts';
import { loadCandidateRow } from '../get-candidate.ts';
import { hydrateCandidates } from '../serialize.ts';
import { anonymiseCandidate } from './anonymise-candidate.ts';
import { listPrivacyLog } from './audit.ts';
import { candidateData, listConsents } from './candidate-data.ts';
import { logPrivacy } from './audit.ts';
import { zipCandidateFiles } from './export-files.ts';
import { canErase, canExport, requireErase, requireExport } from './rights.ts';

/** GET /api/crm/privacy/candidate/:id — consents for anyone with candidate rights; the audit for those who may export. */
export async function getCandidatePrivacy(deps: Pick<Deps, 'db'>, opts: { actor: Actor; clientId: string; candidateId: string }) {
  await loadCandidateClient(deps.db, opts.actor, opts.clientId);
  const row = await loadCandidateRow(deps.db, opts.clientId, opts.candidateId);
  const mayExport = canExport(opts.actor);
  const [consents, log] = await Promise.all([
    listConsents(deps.db, opts.clientId, row.id),
    mayExport ? listPrivacyLog(deps.db, opts.clientId, row.id) : Promise.resolve({ audit: [], auditTotal: 0 }),
  ]);
  return {
    candidateId: row.id,
    anonymizedAt: row.anonymizedAt?.toISOString() ?? null,
    consents,
    ...log,
    canExport: mayExport,
    canErase: canErase(opts.actor),
  };
}

/** GET /api/crm/privacy/candidate/:id/export — the JSON export; the audit records it. */
export async function exportCandidate(deps: Pick<Deps, 'db'>, opts: { actor: Actor; clientId: string; candidateId: string }) {
  const client = await loadCandidateClient(deps.db, opts.actor, opts.clientId);
  requireExport(opts.actor);
  const row = await loadCandidateRow(deps.db, opts.clientId, opts.candidateId);
  const data = await candidateData(deps.db, { client, row, exportedBy: opts.actor.email });
  await logPrivacy(deps.db, { clientId: opts.clientId, candidateId: row.id, actor: opts.actor, action: 'exported' });
  return data;
}

/** GET /api/crm/privacy/candidate/:id/files — the files as a streamed zip; the audit records it. */
export async function exportCandidateFiles(deps: Pick<Deps, 'db' | 'storage'>, opts: { actor: Actor; clientId: string; candidateId: string }) {
  await loadCandidateClient(deps.db, opts.actor, opts.clientId, 'file');
  requireExport(opts.actor, 'file');
  const row = await loadCandidateRow(deps.db, opts.clientId, opts.candidateId);
  const [c] = await hydrateCandidates(deps.db, opts.clientId, null, [row]);
  const zip = await zipCandidateFiles(deps, c.files);
  if (!zip.count) {
    zip.stream.resume();
    throw notFound('file', messages.privacy.noFiles);
  }
  await logPrivacy(deps.db, { clientId: opts.clientId, candidateId: row.id, actor: opts.actor, action: 'exported-files' });
  return { stream: zip.stream, fileName: `candidate-${row.id}-files.zip` };
}

/** POST /api/crm/privacy/candidate/erase — irreversible; the typed confirmation is the candidate's email address. */
export async function eraseCandidate(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  opts: { actor: Actor; clientId: string; candidateId: string; confirm: string },
) {
  await loadCandidateClient(deps.db, opts.actor, opts.clientId);
  requireErase(opts.actor);
  const row = await loadCandidateRow(deps.db, opts.clientId, opts.candidateId);
  if (row.anonymizedAt) throw conflict('candidates', messages.privacy.alreadyErased);
  if (opts.confirm.trim().toLowerCase() !== row.email.toLowerCase()) throw badRequest('confirm', messages.privacy.eraseConfirmMismatch);
  const r = await anonymiseCandidate(deps, { clientId: opts.clientId, candidateId: row.id, actor: opts.actor, reason: 'erased' });
  if (!r) throw conflict('candidates', messages.privacy.alreadyErased);
  return { message: messages.privacy.erased, candidateId: row.id, anonymizedAt: r.anonymizedAt.toISOString(), filesRemoved: r.filesRemoved };
}
