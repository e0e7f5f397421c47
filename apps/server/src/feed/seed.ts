import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { clients } from '../db/schema/core.ts';
import { clientIndeedCredentials } from '../db/schema/feed.ts';
import { jobs } from '../db/schema/jobs.ts';
import type { DemoContext } from '../core/demo-context.ts';

/** Demo values (not secrets of any real account); change them in the portal's Indeed Apply screen. */
export const DEMO_INDEED_TOKEN = 'demo-indeed-api-token';
export const DEMO_INDEED_SECRET = 'demo-indeed-api-secret';

const demoGroups = [
  {
    id: 'nursing',
    questions: [
      {
        id: 'license',
        type: 'select',
        question: 'Do you hold an active RN license?',
        required: true,
        options: [
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ],
      },
      { id: 'license-state', type: 'text', question: 'In which state is your license?', condition: { id: 'license', value: 'yes' } },
      { id: 'years', type: 'text', question: 'Years of nursing experience', format: 'integer', min: 0, max: 60, required: true },
    ],
  },
];
const demoDefaults = [
  { id: 'intro', type: 'information', text: 'A few quick questions about this role.' },
  {
    id: 'authorized',
    type: 'select',
    question: 'Are you authorized to work in the United States?',
    required: true,
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
  },
  {
    id: 'shifts',
    type: 'multiselect',
    question: 'Which shifts can you work?',
    options: [
      { value: 'day', label: 'Day' },
      { value: 'night', label: 'Night' },
      { value: 'weekend', label: 'Weekend' },
    ],
  },
  { id: 'start', type: 'date', question: 'Earliest start date', format: 'dd/MM/yyyy' },
];

/**
 * Demo data for the feed: aiSearch and media are already on for the demo tenant; this
 * adds Indeed Apply credentials, a question group, default questions, and marks some of the jobs
 * seeded by seedJobs as sponsored and some as Indeed Apply. Idempotent: each step only fills what
 * is empty. With no jobs yet it creates nothing.
 */
export async function seedFeed(app: FastifyInstance, ctx: DemoContext): Promise<void> {
  const db = app.db;
  const clientId = ctx.client.id;
  const open = await db
    .select({ id: jobs.id, budget: jobs.budget, indeedApply: jobs.indeedApply })
    .from(jobs)
    .where(and(eq(jobs.clientId, clientId), eq(jobs.status, 'open')))
    .orderBy(desc(jobs.datePosted), asc(jobs.id))
    .limit(12);
  if (!open.length) return;

  await db
    .update(clientIndeedCredentials)
    .set({
      indeedApiToken: sql`coalesce(${clientIndeedCredentials.indeedApiToken}, ${DEMO_INDEED_TOKEN})`,
      indeedApiSecret: sql`coalesce(${clientIndeedCredentials.indeedApiSecret}, ${DEMO_INDEED_SECRET})`,
    })
    .where(eq(clientIndeedCredentials.id, clientId));
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!client.indeedApplyQuestionsGroups?.length) await db.update(clients).set({ indeedApplyQuestionsGroups: demoGroups }).where(eq(clients.id, clientId));
  if (!client.defaultIndeedApplyQuestions) await db.update(clients).set({ defaultIndeedApplyQuestions: demoDefaults }).where(eq(clients.id, clientId));

  if (open.some((j) => j.budget != null || j.indeedApply)) return; // planned before: leave it
  // A mix of the three kinds the feed rules distinguish: sponsored, Indeed Apply, organic.
  for (const [i, j] of open.entries()) {
    const plan =
      i % 4 === 0
        ? { budget: 150 + i * 25, adid: `ACME-${i + 1}`, indeedApply: true, questionsListId: 'nursing' }
        : i % 4 === 1
          ? { budget: 200, adid: `ACME-${i + 1}` }
          : i % 4 === 2
            ? { indeedApply: true, questionsListId: 'default' }
            : null;
    if (plan)
      await db
        .update(jobs)
        .set({ ...plan, updatedAt: new Date() })
        .where(and(eq(jobs.clientId, clientId), eq(jobs.id, j.id)));
  }
}
