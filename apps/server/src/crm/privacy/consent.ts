import type { DbDeps } from '../../core/deps.ts';
import { messages } from '@hh/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { candidateConsents } from '../../db/schema/candidates.ts';
import { clients } from '../../db/schema/core.ts';
import { privacyNoticeUrl } from './notice-url.ts';

export type ConsentSource = 'careersite' | 'indeed' | 'manual';

/**
 * Records consent given on an apply path, in the transaction that writes the application: the exact
 * text shown (the apply form renders the same `messages.privacy.consentSentence`), the time, where, and
 * the notice it linked to. The candidate's `consent` column keeps the latest one for the candidate reply.
 */
export async function recordConsent(
  { db: tx }: DbDeps,
  opts: { clientId: string; candidateId: string; applicationId?: string | null; source: ConsentSource; publicUrl: string; by?: string },
): Promise<void> {
  const [client] = await tx
    .select({ name: clients.name, nameSlug: clients.nameSlug, domainURL: clients.domainURL })
    .from(clients)
    .where(eq(clients.id, opts.clientId))
    .limit(1);
  if (!client) return;
  const text =
    opts.source === 'careersite'
      ? messages.privacy.consentSentence(client.name)
      : opts.source === 'indeed'
        ? messages.privacy.consentIndeed(client.name)
        : messages.privacy.consentManual(client.name, opts.by ?? 'a recruiter');
  const noticeUrl = privacyNoticeUrl(client, opts.publicUrl);
  const [row] = await tx
    .insert(candidateConsents)
    .values({ clientId: opts.clientId, candidateId: opts.candidateId, applicationId: opts.applicationId ?? null, source: opts.source, text, noticeUrl })
    .returning({ givenAt: candidateConsents.givenAt });
  const consent = JSON.stringify({ text, at: row.givenAt.toISOString(), source: opts.source });
  await tx.execute(sql`UPDATE candidates SET consent = ${consent}::jsonb WHERE client_id = ${opts.clientId} AND id = ${opts.candidateId}`);
}
