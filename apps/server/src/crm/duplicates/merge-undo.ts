import { MERGE_UNDO_HOURS, type MergeSummary } from '@hh/contract/crm';
import type { candidateMerges } from '../../db/schema/crm-duplicates.ts';
import type { DependentRows } from './application-dependents.ts';

/**
 * What a merge changed, kept on its candidate_merges row so that an undo puts every row back on
 * its own side: ids of the rows moved from the merged candidate to the survivor, rows deleted
 * because the survivor already had their twin (an application to the same job, a favourite of the
 * same recruiter, the same list), and the columns of both candidates as they were.
 */
export interface MergeUndo {
  survivorBefore: {
    tags: string[];
    skills: string[];
    phone: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
    country: string | null;
    lat: number | null;
    lng: number | null;
    resumeText: string;
    experience: unknown[];
    education: unknown[];
    lastActivityAt: string;
    updatedAt: string;
  };
  mergedBefore: { email: string; updatedAt: string };
  applications: string[];
  /** Full application rows (JSON) that met an application of the survivor to the same job. */
  deletedApplications: Array<Record<string, unknown>>;
  /** What was deleted with them: stage history, interviews, scorecards, the offer, bookings (absent on merges made before it was kept). */
  dependents?: DependentRows[];
  files: string[];
  /** files rows added so that a deleted application's resume stays one of the survivor's files. */
  insertedFiles: string[];
  events: string[];
  mergeEventId: string;
  favorites: string[];
  deletedFavorites: Array<{ userId: string; createdAt: string }>;
  listMembers: string[];
  deletedListMembers: Array<{ listId: string; addedAt: string }>;
  followUps: string[];
  alerts: string[];
}

export type MergeRow = typeof candidateMerges.$inferSelect;

export const undoDeadline = (createdAt: Date) => new Date(createdAt.getTime() + MERGE_UNDO_HOURS * 3_600_000);

export function serializeMerge(r: MergeRow): MergeSummary {
  return {
    _id: r.id,
    survivorId: r.survivorId,
    mergedId: r.mergedId,
    reasons: r.reasons,
    actorEmail: r.actorEmail,
    createdAt: r.createdAt.toISOString(),
    undoUntil: undoDeadline(r.createdAt).toISOString(),
    undoneAt: r.undoneAt ? r.undoneAt.toISOString() : null,
  };
}
