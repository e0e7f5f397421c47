import { type IndeedSettingsReply, type feedRoutes as r, type ScreenerQuestion, validateQuestionSet } from '@hh/contract/feed';
import { eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { type Need, requireClient, requireRight } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
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
const READERS: Need = { product: 'harvest', level: 'member' };
const WRITERS: Need = { product: 'harvest', level: 'editor' };

/** The right is checked before the client (403 before 404), as these screens always have. */
async function writableClient(deps: Pick<Deps, 'db'>, actor: Actor, clientId: string | undefined) {
  requireRight(actor, WRITERS, KEY);
  return requireClient(deps, actor, clientId, 'member', KEY);
}

/** The settings as the screen shows them; every save answers with them, read again after the change. */
async function settingsOf(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, clientId: string | undefined): Promise<IndeedSettingsReply> {
  requireRight(actor, READERS, KEY);
  const client = await requireClient(deps, actor, clientId, 'member', KEY);
  const publicUrl = deps.config.publicUrl;
  const [cred] = await deps.db.select().from(clientIndeedCredentials).where(eq(clientIndeedCredentials.id, client.id));
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

export const getIndeedSettings: Operation<typeof r.settings, 'db' | 'config'> = (deps, input) => settingsOf(deps, input.actor, input.clientId);

export const saveQuestionGroups: Operation<typeof r.saveQuestionGroups, 'db' | 'config'> = async (deps, opts) => {
  const client = await writableClient(deps, opts.actor, opts.clientId);
  const groups = opts.indeedApplyQuestionsGroups;
  const db = deps.db;
  const ids = new Set<string>();
  for (const g of groups) {
    if (ids.has(g.id)) throw badRequest(KEY, `Question group "${g.id}": the id is used twice`);
    ids.add(g.id);
    if (!g.questions.length) throw badRequest(KEY, `Question group "${g.id}": add at least one question`);
    assertValid(g.questions, `Question group "${g.id}"`);
  }
  await db.transaction(async (tx) => {
    await tx.update(clients).set({ indeedApplyQuestionsGroups: groups, updatedAt: new Date() }).where(eq(clients.id, client.id));
    await logActivity(tx, {
      actor: opts.actor,
      clientId: client.id,
      action: 'update',
      entity: 'indeedApplyQuestionsGroups',
      entityId: client.id,
      changes: { groups: groups.map((g) => ({ id: g.id, questions: g.questions.length })) },
    });
  });
  evictClient(db, client.id); // committed: this process's cached client row goes at once
  return settingsOf(deps, opts.actor, client.id);
};

export const saveDefaultQuestions: Operation<typeof r.saveDefaultQuestions, 'db' | 'config'> = async (deps, opts) => {
  const client = await writableClient(deps, opts.actor, opts.clientId);
  const db = deps.db;
  const questions = opts.defaultIndeedApplyQuestions?.length ? opts.defaultIndeedApplyQuestions : null;
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
  return settingsOf(deps, opts.actor, client.id);
};

export const saveIndeedCredentials: Operation<typeof r.saveCredentials, 'db' | 'config'> = async (deps, opts) => {
  const client = await writableClient(deps, opts.actor, opts.clientId);
  const db = deps.db;
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
  return settingsOf(deps, opts.actor, client.id);
};
