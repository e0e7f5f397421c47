import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { clientFormQuestions } from '../db/schema/core.ts';
import { departments } from '../db/schema/jobs.ts';
import { videos, waveProfiles } from '../db/schema/wave.ts';
import type { DemoContext } from '../core/demo-context.ts';
import { DEMO_VIDEOS } from './demo-videos.ts';

const DEMO_QUESTIONS = [
  'What do you enjoy most about working here?',
  'What does a typical day look like in your role?',
  'What would you tell someone thinking of joining?',
];

const PEOPLE = [
  {
    email: 'maya.nurse@demo.test',
    firstName: 'Maya',
    lastName: 'Lopez',
    title: 'Nurse Manager',
    department: 'Nursing',
    university: 'UT Austin',
    interests: 'Trail running, mentoring new grads',
  },
  {
    email: 'omar.ops@demo.test',
    firstName: 'Omar',
    lastName: 'Hassan',
    title: 'Operations Manager',
    department: 'Operations',
    university: 'Texas A&M',
    interests: 'Lean process, cooking',
  },
  {
    email: 'jen.care@demo.test',
    firstName: 'Jen',
    lastName: 'Park',
    title: 'Patient Care Lead',
    department: 'Nursing',
    university: 'Baylor',
    interests: 'Community health, piano',
  },
];

/** A few approved demo profiles with the demo videos (idempotent: found by owner email). */
export async function seedWave(app: FastifyInstance, ctx: DemoContext): Promise<void> {
  const clientId = ctx.client.id;
  const vids = await app.db
    .select({ id: videos.id, fileName: videos.fileName })
    .from(videos)
    .where(and(eq(videos.clientId, clientId), inArray(videos.fileName, DEMO_VIDEOS), eq(videos.state, 'ready')));
  // The demo client has a real questionnaire, so an employee can record at first start.
  const existing = await app.db.select({ id: clientFormQuestions.id }).from(clientFormQuestions).where(eq(clientFormQuestions.clientId, clientId)).limit(1);
  if (!existing.length) await app.db.insert(clientFormQuestions).values(DEMO_QUESTIONS.map((question, position) => ({ clientId, question, position })));
  const questionnaire = await app.db
    .select()
    .from(clientFormQuestions)
    .where(eq(clientFormQuestions.clientId, clientId))
    .orderBy(asc(clientFormQuestions.position));
  for (const [i, p] of PEOPLE.entries()) {
    const [exists] = await app.db
      .select({ id: waveProfiles.id })
      .from(waveProfiles)
      .where(and(eq(waveProfiles.clientId, clientId), sql`lower(${waveProfiles.ownerEmail}) = ${p.email}`))
      .limit(1);
    if (exists) continue;
    const [dep] = await app.db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.clientId, clientId), sql`lower(${departments.name}) = lower(${p.department})`))
      .limit(1);
    const videoId = vids.find((v) => v.fileName === DEMO_VIDEOS[i])?.id ?? null;
    await app.db.insert(waveProfiles).values({
      clientId,
      ownerEmail: p.email,
      invitedBy: ctx.staff.id,
      firstName: p.firstName,
      lastName: p.lastName,
      title: p.title,
      university: p.university,
      interests: p.interests,
      department: p.department,
      departmentId: dep?.id ?? null,
      profileVideo: videoId,
      // Every question answered: an approved profile is a complete one.
      questions: videoId ? questionnaire.map((q) => ({ questionId: q.id, question: q.question, videoId })) : [],
      status: 'Approved',
      reviewedBy: ctx.staff.id,
      reviewedAt: new Date(),
    });
  }
}
