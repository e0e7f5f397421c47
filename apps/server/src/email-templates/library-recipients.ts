import { LIBRARY_RECIPIENTS_LIMIT, type emailTemplateRoutes as r } from '@hh/contract/email-templates';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { CANDIDATE_READERS } from '../crm/index.ts';
import { notFound } from '../lib/app-error.ts';

export interface PreviewRecipient {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The job of the latest application, '' when there is none. */
  jobTitle: string;
}

/**
 * The client's live candidates (not merged away, not erased) a preview may be filled for, newest
 * first (the default is the first), with the job of each one's latest application; `search` matches
 * the name or the address. `id` narrows it to one candidate. Every table names the client as a
 * constant, so Citus routes the whole read to the client's shard.
 */
export async function previewRecipients(db: DbOrTx, clientId: string, opts: { search?: string; id?: string }): Promise<PreviewRecipient[]> {
  const like = opts.search ? `%${opts.search.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await db.execute<{ id: string; first_name: string; last_name: string; email: string; job_title: string | null }>(sql`
    SELECT c.id, c.first_name, c.last_name, c.email,
      (SELECT j.title FROM applications a JOIN jobs j ON j.client_id = ${clientId} AND j.id = a.job_id
        WHERE a.client_id = ${clientId} AND a.candidate_id = c.id ORDER BY a.created_at DESC, a.id LIMIT 1) AS job_title
    FROM candidates c
    WHERE c.client_id = ${clientId} AND c.merged_into IS NULL AND c.anonymized_at IS NULL
      ${opts.id ? sql`AND c.id = ${opts.id}` : sql``}
      ${like ? sql`AND ((c.first_name || ' ' || c.last_name) ILIKE ${like} OR c.email ILIKE ${like})` : sql``}
    ORDER BY c.created_at DESC, c.id
    LIMIT ${LIBRARY_RECIPIENTS_LIMIT}`);
  return rows.map((row) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email, jobTitle: row.job_title ?? '' }));
}

/**
 * One candidate of the client for a preview or a test, by id: only for those who may read the
 * client's candidates (a preview shows a person's name and job); another client's or an erased one is a 404.
 */
export async function previewRecipient(deps: { db: DbOrTx }, clientId: string, actor: Actor, candidateId: string): Promise<PreviewRecipient> {
  requireRight(actor, CANDIDATE_READERS, 'emailTemplates');
  const [found] = await previewRecipients(deps.db, clientId, { id: candidateId });
  if (!found) throw notFound('candidateId', messages.crm.candidateNotFound);
  return found;
}

/** GET /api/email-templates/library/recipients: the candidates the library's preview may be filled for (candidate readers). */
export const listLibraryRecipients: Operation<typeof r.libraryRecipients, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'emailTemplates');
  const rows = await previewRecipients(deps.db, client.id, { search: input.search || undefined });
  return { results: rows.map((c) => ({ _id: c.id, name: `${c.firstName} ${c.lastName}`.trim() || c.email, email: c.email, jobTitle: c.jobTitle })) };
};
