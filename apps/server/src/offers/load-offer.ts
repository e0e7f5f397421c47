import type { Offer } from '@hh/contract/offers';
import { messages } from '@hh/contract/messages';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { candidates } from '../db/schema/candidates.ts';
import { clients, users } from '../db/schema/core.ts';
import { jobs } from '../db/schema/jobs.ts';
import { offerApprovals, offers } from '../db/schema/offers.ts';
import { notFound } from '../lib/app-error.ts';
import { fillLetter, formatDay, formatExpiry, formatSalary } from './merge.ts';

export type OfferRow = typeof offers.$inferSelect;
export type ApprovalRow = typeof offerApprovals.$inferSelect;

/** The client's offer by id (404 for another client's or a missing one); `lock` takes it FOR UPDATE. */
export async function loadOfferRow(db: DbOrTx, clientId: string, offerId: string, lock = false): Promise<OfferRow> {
  const q = db
    .select()
    .from(offers)
    .where(and(eq(offers.clientId, clientId), eq(offers.id, offerId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('offers', messages.offers.offerNotFound);
  return row;
}

export async function loadApprovals(db: DbOrTx, clientId: string, offerId: string): Promise<ApprovalRow[]> {
  return db
    .select()
    .from(offerApprovals)
    .where(and(eq(offerApprovals.clientId, clientId), eq(offerApprovals.offerId, offerId)))
    .orderBy(asc(offerApprovals.position));
}

/** The first approver who has not approved yet: the only one who may approve now. */
export const currentApproval = (chain: ApprovalRow[]) => chain.find((a) => !a.approvedAt) ?? null;

export const personName = (u: { firstName: string; lastName: string; email: string }) => `${u.firstName} ${u.lastName}`.trim() || u.email;

/** What the letter's merge fields say for this offer, and the facts around it. */
export async function letterContext(db: DbOrTx, row: OfferRow) {
  const [cand] = await db
    .select({ firstName: candidates.firstName, lastName: candidates.lastName, email: candidates.email })
    .from(candidates)
    .where(and(eq(candidates.clientId, row.clientId), eq(candidates.id, row.candidateId)))
    .limit(1);
  const [job] = await db
    .select({ title: jobs.title, openPositions: jobs.openPositions, status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.clientId, row.clientId), eq(jobs.id, row.jobId)))
    .limit(1);
  const [client] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, row.clientId)).limit(1);
  const candidateName = cand ? `${cand.firstName} ${cand.lastName}`.trim() : '';
  const companyName = client?.name ?? '';
  const values = {
    candidateName,
    jobTitle: job?.title ?? '',
    salary: formatSalary(row.salary),
    currency: row.currency,
    startDate: formatDay(row.startDate),
    managerName: row.managerName,
    expiryDate: formatExpiry(row.expiresAt),
    companyName,
  };
  return {
    candidateName,
    candidateEmail: cand?.email ?? '',
    companyName,
    jobTitle: job?.title ?? '',
    jobOpenPositions: job?.openPositions ?? 0,
    jobStatus: job?.status ?? 'closed',
    letterHtml: fillLetter(row.body, values),
  };
}

/** The offer as the portal shows it: the chain with names, the filled letter, the candidate's answer. */
export async function serializeOffer(db: DbOrTx, row: OfferRow, actorId: string): Promise<Offer> {
  const chain = await loadApprovals(db, row.clientId, row.id);
  const people = chain.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(
          inArray(
            users.id,
            chain.map((a) => a.userId),
          ),
        )
    : [];
  const nameOf = new Map(people.map((p) => [p.id, personName(p)]));
  const current = row.status === 'pending_approval' ? currentApproval(chain) : null;
  const ctx = await letterContext(db, row);
  return {
    _id: row.id,
    applicationId: row.applicationId,
    candidateId: row.candidateId,
    jobId: row.jobId,
    templateId: row.templateId,
    salary: row.salary,
    currency: row.currency,
    startDate: row.startDate,
    managerName: row.managerName,
    expiresAt: row.expiresAt.toISOString(),
    status: row.status,
    revision: row.revision,
    createdBy: row.createdBy,
    approvals: chain.map((a) => ({
      position: a.position,
      userId: a.userId,
      name: nameOf.get(a.userId) ?? 'Former user',
      approvedAt: a.approvedAt?.toISOString() ?? null,
    })),
    currentApproverId: current?.userId ?? null,
    canApprove: current?.userId === actorId,
    letterHtml: ctx.letterHtml,
    candidateName: ctx.candidateName,
    jobTitle: ctx.jobTitle,
    sentAt: row.sentAt?.toISOString() ?? null,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    acceptedName: row.acceptedName,
    acceptedIp: row.acceptedIp,
    declineReason: row.declineReason,
    jobOpenPositions: ctx.jobOpenPositions,
    jobStatus: ctx.jobStatus,
    updatedAt: row.updatedAt.toISOString(),
  };
}
