import type { WaveAnswer } from '@hh/contract/wave';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { clientFormQuestions } from '../db/schema/core.ts';
import { videos } from '../db/schema/wave.ts';

/**
 * The client's questionnaire questions that a profile has not answered with a processed video
 * (a profile goes to review or live only complete): no answer, no video, or a video not `ready`. Returns their texts in questionnaire order,
 * and how many questions there are.
 */
export async function missingAnswers(db: DbOrTx, clientId: string, answers: WaveAnswer[]): Promise<{ missing: string[]; total: number }> {
  const questions = await db
    .select({ id: clientFormQuestions.id, question: clientFormQuestions.question })
    .from(clientFormQuestions)
    .where(eq(clientFormQuestions.clientId, clientId))
    .orderBy(asc(clientFormQuestions.position), asc(clientFormQuestions.question));
  const videoIds = [...new Set(answers.map((a) => a.videoId).filter((v): v is string => !!v))];
  const ready = videoIds.length
    ? new Set(
        (
          await db
            .select({ id: videos.id })
            .from(videos)
            .where(and(eq(videos.clientId, clientId), inArray(videos.id, videoIds), eq(videos.state, 'ready')))
        ).map((v) => v.id),
      )
    : new Set<string>();
  const answered = new Set(answers.filter((a) => a.videoId && ready.has(a.videoId)).map((a) => a.questionId));
  return { missing: questions.filter((q) => !answered.has(q.id)).map((q) => q.question), total: questions.length };
}
