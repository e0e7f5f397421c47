import type { pageRoutes as r } from '@hh/contract/site-builder';
import type { Operation } from '../core/operation.ts';
import { designPublishing, publishDesign, restoreDesign } from './design-publishing.ts';

/** The draft design, the live one and the versions (harvest members). */
export const getDesignPublishing: Operation<typeof r.getDesignPublishing, 'db' | 'config'> = async (deps, input) =>
  designPublishing(deps, input.actor, input.clientId ?? '');

/** Publishes the draft design (harvest admins); its logo is checked first. */
export const publishSiteDesign: Operation<typeof r.publishDesign, 'db' | 'config' | 'storage'> = async (deps, input) =>
  publishDesign(deps, input.actor, { clientId: input.clientId ?? '' });

/** Restores an earlier design version as a new one (harvest admins). */
export const restoreSiteDesign: Operation<typeof r.restoreDesign, 'db' | 'config' | 'storage'> = async (deps, input) =>
  restoreDesign(deps, input.actor, { clientId: input.clientId ?? '', version: input.version });
