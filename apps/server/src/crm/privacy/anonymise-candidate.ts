import { sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.ts';
import { logActivity } from '../../core/activity-log.ts';
import type { Deps } from '../../core/deps.ts';
import { recordCandidateEvent } from '../events.ts';
import { pgTextArray, pgUuidArray } from '../serialize.ts';
import { logPrivacy } from './audit.ts';
import { collectTraces, eraseTraces } from './erase-traces.ts';

/** Timeline data that names no one: which job, which source, which status move (migration 0531). Everything else goes. */
const KEPT_EVENT_DATA = sql`hh_kept_event_data(data, type)`;

export interface AnonymiseResult {
  anonymizedAt: Date;
  filesRemoved: number;
}

/**
 * Erasure and retention share this (decision 0012 "Privacy"). In one transaction: the candidate (and
 * any record merged into it) keeps its id, status, source and dates, so the counts of applications per
 * job, source and status stay right; name, contact, address, resume text, skills, tags, history and
 * education are blanked; applications lose their answers, tracking and resume; the timeline keeps only
 * job, source and status data; follow-ups, candidate alerts and list memberships are deleted.
 * Everything else that still holds the person goes too (erase-traces.ts): the snapshots that merges
 * keep for an undo (so an erased candidate can never be brought back through one), campaign
 * recipient addresses, the words only they gave the typo-search vocabulary, and every outbox mail
 * to them, about them or carrying their files. After the commit the files are deleted from storage.
 * Returns null when the candidate is missing or already anonymised.
 */
export async function anonymiseCandidate(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  opts: { clientId: string; candidateId: string; actor: Actor | null; reason: 'erased' | 'anonymised' },
): Promise<AnonymiseResult | null> {
  const { clientId, candidateId } = opts;
  const done = await deps.db.transaction(async (tx) => {
    const found = await tx.execute<{ id: string; email: string }>(sql`
      SELECT id, email FROM candidates
       WHERE client_id = ${clientId} AND (id = ${candidateId} OR merged_into = ${candidateId}) AND anonymized_at IS NULL
       FOR UPDATE`);
    if (!found.rows.some((r) => r.id === candidateId)) return null;
    // Records merged into a record merged into this one (a chain of merges) are the same person too.
    for (let frontier = found.rows.filter((r) => r.id !== candidateId).map((r) => r.id), depth = 0; frontier.length && depth < 20; depth++) {
      const next = await tx.execute<{ id: string; email: string }>(sql`
        SELECT id, email FROM candidates
         WHERE client_id = ${clientId} AND merged_into = ANY(${pgUuidArray(frontier)}::uuid[]) AND anonymized_at IS NULL
         FOR UPDATE`);
      found.rows.push(...next.rows);
      frontier = next.rows.map((r) => r.id);
    }
    const idList = found.rows.map((r) => r.id);
    const ids = pgUuidArray(idList);
    // Read before anything is blanked: the addresses, files and words the person left elsewhere.
    const traces = await collectTraces(tx, clientId, idList);
    const emails = [...new Set([...found.rows.map((r) => r.email.toLowerCase()), ...traces.emails])];
    const keys = await tx.execute<{ key: string }>(sql`
      SELECT resume_key AS key FROM applications WHERE client_id = ${clientId} AND candidate_id = ANY(${ids}::uuid[]) AND resume_key IS NOT NULL
      UNION
      SELECT storage_key FROM files WHERE client_id = ${clientId} AND owner_id = ANY(${ids}::uuid[]) AND kind IN ('resume', 'candidate_file')
      UNION
      SELECT unnest(${pgTextArray(traces.keys)}::text[])
      UNION
      SELECT resume_key FROM candidate_proposed_changes WHERE client_id = ${clientId} AND candidate_id = ANY(${ids}::uuid[]) AND resume_key IS NOT NULL
      UNION
      -- The .ics invitations of their booked interviews (scheduling/notify.ts names one per version,
      -- and one more for a cancel): they name the person and their address. A name that was never
      -- written is removed as well, which storage treats as done.
      SELECT 'scheduling/' || si.client_id || '/' || si.id || '-' || v.n || suffix.s || '.ics'
        FROM scheduled_interviews si
        JOIN applications a ON a.client_id = si.client_id AND a.id = si.application_id
        CROSS JOIN LATERAL generate_series(0, si.sequence) AS v(n)
        CROSS JOIN (VALUES (''), ('-cancel')) AS suffix(s)
       WHERE si.client_id = ${clientId} AND a.client_id = ${clientId} AND a.candidate_id = ANY(${ids}::uuid[])
      UNION
      -- The career-site chat's invitations (chatbot/booking-mail.ts: the first version without a number,
      -- then one per SEQUENCE, each maybe with -cancel), of bookings still held and of cancelled ones
      -- whose link row remains; they name the person and their address.
      SELECT 'chatbot/' || b.client_id || '/' || b.booking_id || CASE WHEN v.n = 0 THEN '' ELSE '-' || v.n END || suffix.s || '.ics'
        FROM (SELECT client_id, booking_id, sequence FROM chatbot_booking_links WHERE client_id = ${clientId} AND candidate_id = ANY(${ids}::uuid[])
              UNION ALL
              SELECT client_id, id, 0 FROM chatbot_bookings WHERE client_id = ${clientId} AND candidate_id = ANY(${ids}::uuid[])) b
        CROSS JOIN LATERAL generate_series(0, b.sequence) AS v(n)
        CROSS JOIN (VALUES (''), ('-cancel')) AS suffix(s)`);
    const at = new Date();
    await tx.execute(sql`
      UPDATE candidates SET first_name = 'Erased', last_name = 'candidate', email = id::text || '@erased.invalid', phone = NULL,
             city = NULL, state = NULL, zip_code = NULL, country = NULL, lat = NULL, lng = NULL, resume_text = '',
             skills = '{}', tags = '{}', experience = '[]', education = '[]', anonymized_at = ${at}, updated_at = ${at}
       WHERE client_id = ${clientId} AND id = ANY(${ids}::uuid[])`);
    await tx.execute(sql`
      UPDATE applications SET answers = '[]', tracking = '{}', resume_key = NULL, resume_name = NULL, resume_content_type = NULL, updated_at = ${at}
       WHERE client_id = ${clientId} AND candidate_id = ANY(${ids}::uuid[])`);
    await tx.execute(sql`DELETE FROM files WHERE client_id = ${clientId} AND owner_id = ANY(${ids}::uuid[]) AND kind IN ('resume', 'candidate_file')`);
    await tx.execute(sql`UPDATE candidate_events SET data = ${KEPT_EVENT_DATA} WHERE client_id = ${clientId} AND candidate_id = ANY(${ids}::uuid[])`);
    await tx.execute(sql`DELETE FROM candidate_follow_ups WHERE client_id = ${clientId} AND candidate_id = ANY(${ids}::uuid[])`);
    // The chat's bookings and their reschedule/cancel links: the booked time is freed, the link answers "not valid".
    await tx.execute(sql`DELETE FROM chatbot_booking_links WHERE client_id = ${clientId} AND candidate_id = ANY(${ids}::uuid[])`);
    await tx.execute(sql`DELETE FROM chatbot_bookings WHERE client_id = ${clientId} AND candidate_id = ANY(${ids}::uuid[])`);
    await tx.execute(sql`DELETE FROM candidate_alerts WHERE client_id = ${clientId} AND candidate_id = ANY(${ids}::uuid[])`);
    await tx.execute(sql`DELETE FROM candidate_list_members WHERE client_id = ${clientId} AND candidate_id = ANY(${ids}::uuid[])`);
    // What a re-application proposed (name, phone, answers, resume text and file) is the person's too.
    await tx.execute(sql`DELETE FROM candidate_proposed_changes WHERE client_id = ${clientId} AND candidate_id = ANY(${ids}::uuid[])`);
    await eraseTraces(tx, clientId, idList, { emails, keys: keys.rows.map((k) => k.key), words: traces.words });
    await recordCandidateEvent({ db: tx }, { clientId, candidateId, actor: opts.actor, type: opts.reason, data: {} });
    await logPrivacy(tx, { clientId, candidateId, actor: opts.actor, action: opts.reason });
    await logActivity(tx, {
      actor: opts.actor,
      clientId,
      action: opts.reason === 'erased' ? 'erase' : 'anonymise',
      entity: 'candidate',
      entityId: candidateId,
      changes: { records: found.rows.length, files: keys.rows.length },
    });
    return { at, keys: keys.rows.map((k) => k.key) };
  });
  if (!done) return null;
  let filesRemoved = 0;
  for (const key of done.keys) {
    try {
      // Only files that exist count (the invitation names above include versions never written).
      if ((key.startsWith('scheduling/') || key.startsWith('chatbot/')) && !(await deps.storage.stat(key))) continue;
      await deps.storage.remove(key);
      filesRemoved++;
    } catch (err) {
      // The rows no longer point at the file; it is logged so an operator can remove it by hand.
      deps.log.error({ err, clientId, key }, 'privacy: a candidate file could not be deleted from storage');
    }
  }
  return { anonymizedAt: done.at, filesRemoved };
}
