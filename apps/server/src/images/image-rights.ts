import { productRank } from '@hh/contract/roles';
import type { Actor } from '../auth/actor.ts';

/**
 * Who may remove a client's files (docs/permissions.md): admins and recruiters with access to the
 * client, and its staff with an 'editor' (or higher) right in any product. The uploader may always
 * remove their own file.
 */
export function canManageClientFiles(actor: Actor): boolean {
  if (actor.userTypeGlobal === 'admin' || actor.userTypeGlobal === 'recruiter') return true;
  return Object.values(actor.products).some((t) => productRank[t] >= productRank.editor);
}
