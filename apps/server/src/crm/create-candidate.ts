import type { CandidateWritable, crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Operation } from '../core/operation.ts';
import type { Db } from '../db/client.ts';
import { candidateFavorites, candidates } from '../db/schema/candidates.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import { rememberSource, rememberTags } from './catalogue.ts';
import { recordCandidateEvent } from './events.ts';
import { recordConsent } from './privacy/consent.ts';
import { geocodeCandidate } from './geocode-candidate.ts';
import { getStatuses } from './pipeline.ts';
import { CANDIDATE_READERS } from './rights.ts';
import { hydrateCandidates } from './serialize.ts';
import { assignJobs } from './update-candidates.ts';

const isUniqueViolation = (e: unknown) => {
  for (let x = e as { code?: string; cause?: unknown } | undefined, i = 0; x && i < 4; x = x.cause as typeof x, i++) if (x.code === '23505') return true;
  return false;
};

/** `POST api/crm/candidates/create`: a candidate entered by hand (or confirmed from a parsed resume). */
export const createCandidate: Operation<typeof r.createCandidate, 'db' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  const { actor, clientId: _c, caller: _r, upload: _u, ...fields } = input;
  return insertCandidate(deps.db, { actor, clientId: client.id, publicUrl: deps.config.publicUrl, input: fields });
};

/** A new candidate of a client the caller was checked for (the call above; the demo seed as its recruiter). */
export async function insertCandidate(
  db: Db,
  opts: { actor: Actor; clientId: string; publicUrl?: string; input: CandidateWritable & { firstName: string; lastName: string; email: string } },
) {
  const i = opts.input;
  const statuses = await getStatuses(db, opts.clientId);
  const status = i.status ?? statuses[0];
  if (!statuses.includes(status)) throw badRequest('status', messages.crm.statusUnknown(status));
  const email = i.email.toLowerCase();
  const geo = await geocodeCandidate(db, { ...i.address });
  try {
    const row = await db.transaction(async (tx) => {
      const [c] = await tx
        .insert(candidates)
        .values({
          clientId: opts.clientId,
          firstName: i.firstName,
          lastName: i.lastName,
          email,
          phone: i.phone ?? null,
          city: i.address?.city ?? geo.city ?? null,
          state: i.address?.state ?? geo.state ?? null,
          zipCode: i.address?.zipCode ?? null,
          country: i.address?.country ?? null,
          lat: geo.lat,
          lng: geo.lng,
          source: i.source ?? 'manual',
          status,
          tags: i.tags ?? [],
          resumeText: i.resumeText ?? '',
          skills: i.skills ?? [],
          experience: i.experience ?? [],
          education: i.education ?? [],
        })
        .returning();
      if (i.tags?.length) await rememberTags(tx, opts.clientId, i.tags);
      await rememberSource(tx, opts.clientId, c.source);
      if (i.favorite) await tx.insert(candidateFavorites).values({ clientId: opts.clientId, candidateId: c.id, userId: opts.actor.id });
      if (i.assignedJobs?.length) await assignJobs(tx, opts.clientId, c.id, i.assignedJobs);
      await recordCandidateEvent({ db: tx }, { clientId: opts.clientId, candidateId: c.id, actor: opts.actor, type: 'created', data: { source: c.source } });
      // Entered by hand: the record names who entered the candidate and the client's notice (decision 0012 "Privacy").
      await recordConsent({ db: tx }, { clientId: opts.clientId, candidateId: c.id, source: 'manual', by: opts.actor.email, publicUrl: opts.publicUrl ?? '' });
      return c;
    });
    const [out] = await hydrateCandidates(db, opts.clientId, opts.actor.id, [row]);
    return { ...out, message: messages.recruiting.candidateCreated };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('email', messages.crm.candidateEmailTaken(email));
    throw err;
  }
}
