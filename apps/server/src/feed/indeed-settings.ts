import { type IndeedSettingsReply, type QuestionsGroup, type ScreenerQuestion, validateQuestionSet } from '@hh/contract/feed';
import { eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import type { Db } from '../db/client.ts';
import { clients } from '../db/schema/core.ts';
import { clientIndeedCredentials } from '../db/schema/feed.ts';
import { badRequest } from '../lib/app-error.ts';
import { evictClient } from '../plugins/session-cache.ts';
import { feedUrl, postUrl, questionsUrl } from './feed-rules.ts';
import { resolveStoredQuestions } from './questions.ts';

/**
 * Indeed Apply settings of one client: question groups, default questions and the API
 * credentials. Reading needs harvest member, writing harvest editor (the media planner and the
 * indeed-apply configure screens are harvest screens, core spec §1); admins and the client's
 * recruiters have every product right.
 */
const KEY = 'indeedApply';

export async function getIndeedSettings(db: Db, publicUrl: string, opts: { actor: Actor; clientId: string }): Promise<IndeedSettingsReply> {
  requireProductRight(opts.actor, 'harvest', 'member', KEY);
  const client = await loadAccessibleClient(db, opts.actor, opts.clientId, KEY);
  const [cred] = await db.select().from(clientIndeedCredentials).where(eq(clientIndeedCredentials.id, client.id));
  const groups = (Array.isArray(client.indeedApplyQuestionsGroups) ? client.indeedApplyQuestionsGroups : []).flatMap((g) => {
    const questions = g && typeof g.id === 'string' ? resolveStoredQuestions(g.questions) : null;
    return questions ? [{ id: g.id, questions }] : [];
  });
  const token = cred?.indeedApiToken ?? null;
  return {
    clientId: client.id,
    nameSlug: client.nameSlug,
    name: client.name,
    feedUrl: feedUrl(publicUrl, client.nameSlug),
    postUrl: postUrl(publicUrl, client.nameSlug),
    defaultQuestionsUrl: questionsUrl(publicUrl, client.nameSlug, 'default'),
    aiSearch: client.aiSearch,
    mediaSubscription: client.subscriptions?.media === true,
    // Write-only secrets: a hint of the token's last four characters, and whether a secret is set.
    apiTokenHint: token ? `••••${token.slice(-4)}` : null,
    apiSecretSet: !!cred?.indeedApiSecret,
    indeedApplyQuestionsGroups: groups,
    defaultIndeedApplyQuestions: resolveStoredQuestions(client.defaultIndeedApplyQuestions),
  };
}

function assertValid(questions: ScreenerQuestion[], where: string) {
  const problem = validateQuestionSet(questions);
  if (problem) throw badRequest(KEY, `${where}: ${problem}`);
}

export async function saveQuestionGroups(db: Db, opts: { actor: Actor; clientId: string; groups: QuestionsGroup[] }): Promise<void> {
  requireProductRight(opts.actor, 'harvest', 'editor', KEY);
  const client = await loadAccessibleClient(db, opts.actor, opts.clientId, KEY);
  const ids = new Set<string>();
  for (const g of opts.groups) {
    if (ids.has(g.id)) throw badRequest(KEY, `Question group "${g.id}": the id is used twice`);
    ids.add(g.id);
    if (!g.questions.length) throw badRequest(KEY, `Question group "${g.id}": add at least one question`);
    assertValid(g.questions, `Question group "${g.id}"`);
  }
  await db.transaction(async (tx) => {
    await tx.update(clients).set({ indeedApplyQuestionsGroups: opts.groups, updatedAt: new Date() }).where(eq(clients.id, client.id));
    await logActivity(tx, {
      actor: opts.actor,
      clientId: client.id,
      action: 'update',
      entity: 'indeedApplyQuestionsGroups',
      entityId: client.id,
      changes: { groups: opts.groups.map((g) => ({ id: g.id, questions: g.questions.length })) },
    });
  });
  evictClient(db, client.id); // committed: this process's cached client row goes at once
}

export async function saveDefaultQuestions(db: Db, opts: { actor: Actor; clientId: string; questions: ScreenerQuestion[] | null }): Promise<void> {
  requireProductRight(opts.actor, 'harvest', 'editor', KEY);
  const client = await loadAccessibleClient(db, opts.actor, opts.clientId, KEY);
  const questions = opts.questions?.length ? opts.questions : null;
  if (questions) assertValid(questions, 'Default questions');
  await db.transaction(async (tx) => {
    await tx.update(clients).set({ defaultIndeedApplyQuestions: questions, updatedAt: new Date() }).where(eq(clients.id, client.id));
    await logActivity(tx, {
      actor: opts.actor,
      clientId: client.id,
      action: 'update',
      entity: 'defaultIndeedApplyQuestions',
      entityId: client.id,
      changes: { questions: questions?.length ?? 0 },
    });
  });
  evictClient(db, client.id); // committed: this process's cached client row goes at once
}

export async function saveIndeedCredentials(
  db: Db,
  opts: { actor: Actor; clientId: string; apiToken?: string | null; apiSecret?: string | null },
): Promise<void> {
  requireProductRight(opts.actor, 'harvest', 'editor', KEY);
  const client = await loadAccessibleClient(db, opts.actor, opts.clientId, KEY);
  const set: Partial<typeof clientIndeedCredentials.$inferInsert> = {};
  if (opts.apiToken !== undefined) set.indeedApiToken = opts.apiToken;
  if (opts.apiSecret !== undefined) set.indeedApiSecret = opts.apiSecret;
  if (!Object.keys(set).length) throw badRequest(KEY, 'Send apiToken, apiSecret or both');
  await db.transaction(async (tx) => {
    await tx.update(clientIndeedCredentials).set(set).where(eq(clientIndeedCredentials.id, client.id));
    // The token appears in the feed: touching the client row changes the feed's ETag.
    await tx.update(clients).set({ updatedAt: new Date() }).where(eq(clients.id, client.id));
    await logActivity(tx, {
      actor: opts.actor,
      clientId: client.id,
      action: 'update',
      entity: 'indeedApplyCredentials',
      entityId: client.id,
      // Never log a secret: only which ones changed.
      changes: {
        apiToken: opts.apiToken === undefined ? 'unchanged' : opts.apiToken ? 'set' : 'cleared',
        apiSecret: opts.apiSecret === undefined ? 'unchanged' : opts.apiSecret ? 'set' : 'cleared',
      },
    });
  });
  evictClient(db, client.id); // committed: this process's cached client row goes at once
}
