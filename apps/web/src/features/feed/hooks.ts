import { feedRoutes, questionSet, type ScreenerQuestion, validateQuestionSet } from '@hh/contract/feed';
import { useApiQuery } from '../../lib/query.ts';

export function useIndeedSettings(clientId: string | null) {
  return useApiQuery(feedRoutes.settings, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
}

/** Parses a question set typed as JSON and checks it with the same rules the server applies on save. */
export function parseQuestionsJson(text: string): { questions: ScreenerQuestion[] | null; error: string | null } {
  if (!text.trim()) return { questions: [], error: null };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { questions: null, error: `Not valid JSON: ${(err as Error).message}` };
  }
  // Accept Indeed's whole document too: { schemaVersion, screenerQuestions }.
  const list =
    data && typeof data === 'object' && !Array.isArray(data) && 'screenerQuestions' in data ? (data as { screenerQuestions: unknown }).screenerQuestions : data;
  const parsed = questionSet.safeParse(list);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { questions: null, error: `${issue.path.length ? `At ${issue.path.join('.')}: ` : ''}${issue.message}` };
  }
  const problem = validateQuestionSet(parsed.data);
  return problem ? { questions: parsed.data, error: problem } : { questions: parsed.data, error: null };
}

export const toJson = (questions: ScreenerQuestion[] | null | undefined) => (questions?.length ? JSON.stringify(questions, null, 2) : '');
