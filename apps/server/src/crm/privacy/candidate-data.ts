import type { CandidateExport, ConsentRecord } from '@hh/contract/crm-privacy';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { candidateConsents, candidateEvents } from '../../db/schema/candidates.ts';
import type { CandidateRow } from '../serialize.ts';
import { hydrateCandidates } from '../serialize.ts';

export async function listConsents(db: DbOrTx, clientId: string, candidateId: string): Promise<ConsentRecord[]> {
  const rows = await db
    .select()
    .from(candidateConsents)
    .where(and(eq(candidateConsents.clientId, clientId), eq(candidateConsents.candidateId, candidateId)))
    .orderBy(desc(candidateConsents.givenAt));
  return rows.map((r) => ({
    _id: r.id,
    applicationId: r.applicationId,
    source: r.source,
    text: r.text,
    noticeUrl: r.noticeUrl,
    givenAt: r.givenAt.toISOString(),
  }));
}

/** Everything the client holds about one candidate (export): fields, applications with answers, tags, files, consents, the whole timeline. */
export async function candidateData(
  db: DbOrTx,
  opts: { client: { id: string; name: string }; row: CandidateRow; exportedBy: string },
): Promise<CandidateExport> {
  const { row } = opts;
  const [c] = await hydrateCandidates(db, row.clientId, null, [row]);
  const { favorite: _f, highlight: _h, distance: _d, ...candidate } = c;
  const [consents, events] = await Promise.all([
    listConsents(db, row.clientId, row.id),
    db
      .select()
      .from(candidateEvents)
      .where(and(eq(candidateEvents.clientId, row.clientId), eq(candidateEvents.candidateId, row.id)))
      .orderBy(asc(candidateEvents.createdAt)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    exportedBy: opts.exportedBy,
    client: { _id: opts.client.id, name: opts.client.name },
    candidate: { ...candidate, lastActivityAt: row.lastActivityAt.toISOString(), anonymizedAt: row.anonymizedAt?.toISOString() ?? null },
    consents,
    timeline: events.map((e) => ({ _id: e.id, type: e.type, actorEmail: e.actorEmail, data: e.data, createdAt: e.createdAt.toISOString() })),
    files: c.files.map((f) => ({ name: f.name, blobPath: f.blobPath, contentType: f.contentType, size: f.size })),
  };
}
