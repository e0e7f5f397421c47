import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { type MeetTheTeamRow, meetTheTeamSettings } from '../db/schema/pages.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { requireClient } from '../auth/access.ts';

const key = 'meetTheTeam';
export interface MeetTheTeamInput {
  title?: string;
  intro?: string;
  departments?: string[];
  order?: string[];
  layout?: 'grid' | 'strip' | 'list';
}
const values = (i: MeetTheTeamInput) => ({
  ...(i.title !== undefined ? { title: i.title } : {}),
  ...(i.intro !== undefined ? { intro: i.intro } : {}),
  ...(i.departments ? { departments: i.departments } : {}),
  ...(i.order ? { profileOrder: i.order } : {}),
  ...(i.layout ? { layout: i.layout } : {}),
});

export async function meetTheTeamOf(deps: { db: DbOrTx }, input: { clientId: string }): Promise<MeetTheTeamRow | null> {
  const { db } = deps;
  const { clientId } = input;
  const [row] = await db.select().from(meetTheTeamSettings).where(eq(meetTheTeamSettings.clientId, clientId)).limit(1);
  return row ?? null;
}

/** GET api/meet-the-team?clientId (wave members). */
export async function getMeetTheTeam(db: Db, actor: Actor, clientId: string): Promise<MeetTheTeamRow> {
  await requireClient({ db }, actor, clientId, { product: 'wave', level: 'member' }, key);
  const row = await meetTheTeamOf({ db }, { clientId });
  if (!row) throw notFound(key, messages.pages.meetTheTeamNotFound);
  return row;
}

export async function createMeetTheTeam(db: Db, actor: Actor, clientId: string, input: MeetTheTeamInput): Promise<MeetTheTeamRow> {
  return db.transaction(async (tx) => {
    await requireClient({ db: tx }, actor, clientId, { product: 'wave', level: 'editor' }, key);
    const [row] = await tx
      .insert(meetTheTeamSettings)
      .values({ clientId, ...values(input) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(key, messages.pages.meetTheTeamExists);
    await logActivity(tx, { actor, clientId, action: 'create', entity: 'meetTheTeam', entityId: row.id });
    return row;
  });
}

export async function updateMeetTheTeam(db: Db, actor: Actor, clientId: string, id: string | undefined, input: MeetTheTeamInput): Promise<MeetTheTeamRow> {
  return db.transaction(async (tx) => {
    await requireClient({ db: tx }, actor, clientId, { product: 'wave', level: 'editor' }, key);
    const [row] = await tx
      .update(meetTheTeamSettings)
      .set({ ...values(input), updatedAt: new Date() })
      .where(and(eq(meetTheTeamSettings.clientId, clientId), id ? eq(meetTheTeamSettings.id, id) : undefined))
      .returning();
    if (!row) throw notFound(key, messages.pages.meetTheTeamNotFound);
    await logActivity(tx, { actor, clientId, action: 'update', entity: 'meetTheTeam', entityId: row.id });
    return row;
  });
}
