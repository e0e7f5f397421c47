import type { User } from '@hh/contract/users';

const editorOrAbove = (r: string) => r === 'editor' || r === 'admin';

/** Who may change the bank (decision 0042): admins, recruiters, and staff who edit Harvest or Wave. Global questions: admins only. */
export const canEditBank = (u: User) =>
  u.userTypeGlobal === 'admin' || u.userTypeGlobal === 'recruiter' || editorOrAbove(u.userTypeHarvest) || editorOrAbove(u.userTypeWave);
export const isAdmin = (u: User) => u.userTypeGlobal === 'admin';
