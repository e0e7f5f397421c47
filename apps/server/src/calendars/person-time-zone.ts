import type { DbDeps } from '../core/deps.ts';
import { loadWorkingHours } from './store.ts';

/** The time zone a person works in, in one client (their working hours' zone, or its default): mails name their times in it. */
export async function personTimeZone(deps: DbDeps, input: { clientId: string; userId: string }): Promise<string> {
  return (await loadWorkingHours(deps.db, input.clientId, input.userId)).timeZone;
}
