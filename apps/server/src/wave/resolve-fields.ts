import type { CreateWaveProfileRequest } from '@hh/contract/wave';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { clientFormQuestions } from '../db/schema/core.ts';
import { departments } from '../db/schema/jobs.ts';
import { videos, type waveProfiles } from '../db/schema/wave.ts';
import { badRequest } from '../lib/app-error.ts';

export const waveProfileKey = 'waveProfile';
type Fields = Omit<CreateWaveProfileRequest, 'clientId' | 'showNotification'>;

/**
 * Turns the writable fields of a profile body into column values, checking every reference
 * against the same tenant: answers must name this client's form questions (their text is taken
 * from the questionnaire), videos must be this client's, the department one of its departments.
 */
export async function resolveProfileFields(db: DbOrTx, clientId: string, body: Fields): Promise<Partial<typeof waveProfiles.$inferInsert>> {
  const out: Partial<typeof waveProfiles.$inferInsert> = {};
  if (body.basicInfo) {
    out.firstName = body.basicInfo.firstName;
    out.lastName = body.basicInfo.lastName;
  }
  if (body.title !== undefined) out.title = body.title;
  if (body.university !== undefined) out.university = body.university;
  if (body.interests !== undefined) out.interests = body.interests;
  if (body.department !== undefined) out.department = body.department;

  const videoIds = new Set<string>();
  if (body.profileVideo) videoIds.add(body.profileVideo);
  for (const a of body.questions ?? []) if (a.videoId) videoIds.add(a.videoId);
  if (videoIds.size) {
    const found = await db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.clientId, clientId), inArray(videos.id, [...videoIds])));
    if (found.length !== videoIds.size) throw badRequest('videoId', 'Video not found');
  }
  if (body.profileVideo !== undefined) out.profileVideo = body.profileVideo;

  if (body.questions !== undefined) {
    const ids = [...new Set(body.questions.map((q) => q.questionId))];
    if (ids.length !== body.questions.length) throw badRequest('questions', 'Each question can be answered once');
    const qs = ids.length
      ? await db
          .select({ id: clientFormQuestions.id, question: clientFormQuestions.question })
          .from(clientFormQuestions)
          .where(and(eq(clientFormQuestions.clientId, clientId), inArray(clientFormQuestions.id, ids)))
      : [];
    const text = new Map(qs.map((q) => [q.id, q.question]));
    if (text.size !== ids.length) throw badRequest('questions', 'Question not found');
    out.questions = body.questions.map((a) => ({ questionId: a.questionId, question: text.get(a.questionId) ?? a.question ?? '', videoId: a.videoId ?? null }));
  }

  if (body.departmentId !== undefined) {
    out.departmentId = body.departmentId;
    if (body.departmentId) {
      const [d] = await db
        .select({ name: departments.name })
        .from(departments)
        .where(and(eq(departments.clientId, clientId), eq(departments.id, body.departmentId)))
        .limit(1);
      if (!d) throw badRequest('departmentId', 'Department not found');
      if (body.department === undefined) out.department = d.name;
    }
  }
  return out;
}
