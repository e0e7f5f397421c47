import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { users } from '../db/schema/core.ts';
import { jobs } from '../db/schema/jobs.ts';
import { offerApprovals, offers, offerTemplates, type OfferStatus } from '../db/schema/offers.ts';
import { signOfferToken } from './offer-token.ts';

/** Rows for the offers tests and the role matrix: a candidate applied to a job, a template, an offer. */
const uid = () => randomBytes(4).toString('hex');

/** What the rows are written with: the app's database and secret (the test app or the matrix fixture's app fits). */
interface TestDeps {
  db: Db;
  config: { jwtSecret: Uint8Array };
}

export const LETTER =
  '<p>Dear {{candidateName}},</p><p>We are pleased to offer you the position of <strong>{{jobTitle}}</strong> at {{companyName}}.</p><ul><li>Salary: {{salary}} {{currency}} a year</li><li>Start date: {{startDate}}</li><li>Manager: {{managerName}}</li></ul><p>This offer is open until {{expiryDate}}.</p>';

export async function applicationOf(deps: TestDeps, clientId: string, opts: { email?: string; openPositions?: number } = {}) {
  const [cand] = await deps.db
    .insert(candidates)
    .values({ clientId, firstName: 'Ann', lastName: `Lee${uid()}`, email: opts.email ?? `ann-${uid()}@example.com` })
    .returning();
  const [job] = await deps.db
    .insert(jobs)
    .values({ clientId, title: 'ICU Registered Nurse', referenceNumber: `O-${uid()}`, city: 'Austin', state: 'TX', openPositions: opts.openPositions ?? 1 })
    .returning();
  const [application] = await deps.db.insert(applications).values({ clientId, candidateId: cand.id, jobId: job.id }).returning();
  return { candidate: cand, job, application };
}

export async function templateOf(deps: TestDeps, clientId: string) {
  const [t] = await deps.db
    .insert(offerTemplates)
    .values({ clientId, name: `Standard ${uid()}`, body: LETTER })
    .returning();
  return t;
}

/** A staff member of the client with a harvest role (an approver candidate). */
export async function teamMember(deps: TestDeps, clientId: string) {
  const [u] = await deps.db
    .insert(users)
    .values({ email: `approver-${uid()}@test.example`, firstName: 'Pat', lastName: uid(), userTypeGlobal: 'user', clientId, userTypeHarvest: 'editor' })
    .returning();
  return u;
}

/** An offer written straight into the tables, in the given state, with its chain. */
export async function offerOf(
  deps: TestDeps,
  clientId: string,
  opts: { status?: OfferStatus; approvers?: string[]; approved?: number; createdBy?: string; expiresAt?: Date; openPositions?: number } = {},
) {
  const a = await applicationOf(deps, clientId, { openPositions: opts.openPositions });
  const t = await templateOf(deps, clientId);
  const [offer] = await deps.db
    .insert(offers)
    .values({
      clientId,
      applicationId: a.application.id,
      candidateId: a.candidate.id,
      jobId: a.job.id,
      templateId: t.id,
      body: t.body,
      salary: 85000,
      currency: 'USD',
      startDate: '2027-02-01',
      managerName: 'Dana Smith',
      expiresAt: opts.expiresAt ?? new Date(Date.now() + 7 * 86400_000),
      status: opts.status ?? 'pending_approval',
      sentAt: opts.status === 'sent' ? new Date() : null,
      createdBy: opts.createdBy ?? null,
    })
    .returning();
  const approvers = opts.approvers ?? [(await teamMember(deps, clientId)).id];
  await deps.db.insert(offerApprovals).values(
    approvers.map((userId, i) => ({
      clientId,
      offerId: offer.id,
      position: i + 1,
      userId,
      approvedAt: i < (opts.approved ?? 0) ? new Date() : null,
    })),
  );
  const token = await signOfferToken(deps.config.jwtSecret, { clientId, offerId: offer.id, revision: offer.revision });
  return { ...a, template: t, offer, token };
}
