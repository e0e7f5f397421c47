import { messages } from '@hh/contract/messages';
import type { pageRoutes as r } from '@hh/contract/site-builder';
import type { Operation } from '../core/operation.ts';
import { createMeetTheTeam, getMeetTheTeam, updateMeetTheTeam } from './meet-the-team.ts';
import { createMotivatorSearch, getMotivatorSearch, updateMotivatorSearch } from './motivator-search.ts';
import { serializeMeetTheTeam, serializeMotivatorSearch } from './serialize.ts';
import { motivatorSearchUrl } from './site-urls.ts';

/** The meet-the-team page's settings (wave members read, editors change). */
export const getTeamPage: Operation<typeof r.getMeetTheTeam, 'db'> = async (deps, input) =>
  serializeMeetTheTeam(await getMeetTheTeam(deps.db, input.actor, input.clientId ?? ''));

export const createTeamPage: Operation<typeof r.createMeetTheTeam, 'db'> = async (deps, input) => {
  const row = await createMeetTheTeam(deps.db, input.actor, input.clientId ?? '', input);
  return { ...serializeMeetTheTeam(row), message: messages.pages.pageSaved };
};

export const updateTeamPage: Operation<typeof r.updateMeetTheTeam, 'db'> = async (deps, input) => ({
  ...serializeMeetTheTeam(await updateMeetTheTeam(deps.db, input.actor, input.clientId ?? '', input._id, input)),
  message: messages.pages.pageSaved,
});

/** The motivator search page's settings (motivator members read, editors change), with its public address. */
export const getMotivatorSearchPage: Operation<typeof r.getMotivatorSearch, 'db' | 'config'> = async (deps, input) => {
  const { client, row } = await getMotivatorSearch(deps.db, input.actor, input.clientId ?? '');
  return serializeMotivatorSearch(row, motivatorSearchUrl(deps, client));
};

export const createMotivatorSearchPage: Operation<typeof r.createMotivatorSearch, 'db' | 'config'> = async (deps, input) => {
  const { client, row } = await createMotivatorSearch(deps.db, input.actor, input.clientId ?? '', input);
  return { ...serializeMotivatorSearch(row, motivatorSearchUrl(deps, client)), message: messages.pages.pageSaved };
};

export const updateMotivatorSearchPage: Operation<typeof r.updateMotivatorSearch, 'db' | 'config'> = async (deps, input) => {
  const { client, row } = await updateMotivatorSearch(deps.db, input.actor, input.clientId ?? '', input._id, input);
  return { ...serializeMotivatorSearch(row, motivatorSearchUrl(deps, client)), message: messages.pages.pageSaved };
};
