/** Every browser-storage key the portal uses, in one place. */
export const keys = {
  /** localStorage: the client chosen in the header switcher (core spec §9 `selectedClientId`). */
  selectedClientId: 'selectedClientId',
  /** localStorage: tokens from the login reply (the httpOnly cookie carries the same access token). */
  session: 'auth._session.local',
  /** sessionStorage: reload-on-server-error counter and block (core spec §9). */
  reloadCount: 'portal.reloadCount',
  reloadBlockedUntil: 'portal.reloadBlockedUntil',
  /** sessionStorage: last reload after a failed chunk load (at most once per 60 s). */
  chunkReloadAt: 'portal.chunkReloadAt',
  /** localStorage: when this user last opened Home for a client (`homeLastVisit.<userId>.<clientId>`): "new applicants since". */
  homeLastVisit: (userId: string, clientId: string) => `homeLastVisit.${userId}.${clientId}`,
  /** localStorage: what this user last opened from global search for a client (`recentSearch.<userId>.<clientId>`). */
  recentSearchItems: (userId: string, clientId: string) => `recentSearch.${userId}.${clientId}`,
} as const;
