import { type ScreenerQuestion, SCREENER_SCHEMA_VERSION, type ScreenerQuestionsReply, questionSet, validateQuestionSet } from '@hh/contract/feed';
import type { feedRoutes as r } from '@hh/contract/feed';
import { messages } from '@hh/contract/messages';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import { notFound } from '../lib/app-error.ts';
import { poolOf } from './pool-of.ts';

/**
 * A stored question list as a valid screener-question array, or null when it is missing, empty or
 * breaks Indeed's rules ("rejected on save and never served": a list written some other way and
 * invalid is treated as not configured). Accepts the bare array we store and Indeed's
 * `{ schemaVersion, screenerQuestions }` object.
 */
export function resolveStoredQuestions(stored: unknown): ScreenerQuestion[] | null {
  const list = Array.isArray(stored)
    ? stored
    : stored && typeof stored === 'object' && Array.isArray((stored as { screenerQuestions?: unknown }).screenerQuestions)
      ? (stored as { screenerQuestions: unknown[] }).screenerQuestions
      : null;
  if (!list?.length) return null;
  const parsed = questionSet.safeParse(list);
  if (!parsed.success || validateQuestionSet(parsed.data)) return null;
  return parsed.data;
}

export const screenerReply = (questions: ScreenerQuestion[]): ScreenerQuestionsReply => ({
  schemaVersion: SCREENER_SCHEMA_VERSION,
  screenerQuestions: questions,
});

interface QuestionsClientRow {
  id: string;
  groups: unknown;
  defaults: unknown;
}

/**
 * The questions Indeed fetches for a job (core spec §2): the group's questions, or the client's
 * default ones; otherwise 404 with one of the spec's three messages. The client is named by its
 * nameSlug, or (no nameSlug) by the request's host when that is a client's custom domain.
 */
async function indeedQuestions(deps: Pick<Deps, 'db'>, opts: { nameSlug?: string; host?: string; questionsListId?: string }): Promise<ScreenerQuestionsReply> {
  const pool = poolOf(deps.db);
  const key = 'indeedApplyQuestions';
  let row: QuestionsClientRow | undefined;
  const cols = 'id, indeed_apply_questions_groups AS groups, default_indeed_apply_questions AS defaults';
  if (opts.nameSlug) {
    ({
      rows: [row],
    } = await pool.query<QuestionsClientRow>(`SELECT ${cols} FROM clients WHERE lower(name_slug) = lower($1) LIMIT 1`, [opts.nameSlug]));
  } else if (opts.host) {
    const host = opts.host.replace(/:\d+$/, '');
    ({
      rows: [row],
    } = await pool.query<QuestionsClientRow>(`SELECT ${cols} FROM clients WHERE lower(domain_url) = lower($1) LIMIT 1`, [host]));
  }
  if (!row) throw notFound(key, messages.indeedQuestions.clientNotFound);

  const listId = opts.questionsListId;
  if (listId && listId !== 'default') {
    const groups = Array.isArray(row.groups) ? (row.groups as Array<{ id?: unknown; questions?: unknown }>) : [];
    const group = groups.find((g) => g && g.id === listId);
    const questions = group ? resolveStoredQuestions(group.questions) : null;
    if (!questions) throw notFound(key, messages.indeedQuestions.notFoundForId);
    return screenerReply(questions);
  }
  const questions = resolveStoredQuestions(row.defaults);
  if (!questions) throw notFound(key, messages.indeedQuestions.noDefault);
  return screenerReply(questions);
}

/** The client by ?nameSlug=, else by the host when it is the client's custom domain. */
export const getIndeedQuestions: Operation<typeof r.questions, 'db'> = (deps, input) =>
  indeedQuestions(deps, { nameSlug: input.nameSlug, host: input.caller.hostname });

export const getIndeedQuestionsOfList: Operation<typeof r.questionsByList, 'db'> = (deps, input) =>
  indeedQuestions(deps, { nameSlug: input.nameSlug, host: input.caller.hostname, questionsListId: input.questionsListId });

/** By slug only: this path is the API's, never a custom domain's. */
export const getIndeedQuestionsBySlug: Operation<typeof r.questionsBySlug, 'db'> = (deps, input) =>
  indeedQuestions(deps, { nameSlug: input.nameSlug, questionsListId: input.questionsListId });
