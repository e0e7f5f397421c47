import type { Scorecard } from '@hh/contract/interviews';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { interviews, scorecardRatings, scorecards } from '../db/schema/interviews.ts';
import { peopleById } from './interview-checks.ts';

/** An application's scorecards as the contract's `scorecard` (all of them, or one by id), oldest first. */
export async function loadScorecards(db: DbOrTx, clientId: string, applicationId: string, only?: { id: string }): Promise<Scorecard[]> {
  const rows = await db
    .select({ card: scorecards, interviewName: interviews.name })
    .from(scorecards)
    .innerJoin(interviews, and(eq(interviews.clientId, scorecards.clientId), eq(interviews.id, scorecards.interviewId)))
    .where(and(eq(scorecards.clientId, clientId), eq(scorecards.applicationId, applicationId), only ? eq(scorecards.id, only.id) : undefined))
    .orderBy(asc(scorecards.submittedAt));
  if (!rows.length) return [];
  const ratings = await db
    .select()
    .from(scorecardRatings)
    .where(
      and(
        eq(scorecardRatings.clientId, clientId),
        inArray(
          scorecardRatings.scorecardId,
          rows.map((r) => r.card.id),
        ),
      ),
    );
  const people = await peopleById(
    db,
    rows.map((r) => r.card.interviewerId),
  );
  return rows.map(({ card, interviewName }) => ({
    id: card.id,
    applicationId: card.applicationId,
    interviewId: card.interviewId,
    interviewName,
    interviewer: { id: card.interviewerId, name: people.get(card.interviewerId)?.name ?? 'Former user' },
    overall: card.overall,
    notes: card.notes,
    ratings: ratings.filter((x) => x.scorecardId === card.id).map((x) => ({ attributeId: x.attributeId, rating: x.rating })),
    submittedAt: card.submittedAt.toISOString(),
    updatedAt: card.updatedAt.toISOString(),
  }));
}
