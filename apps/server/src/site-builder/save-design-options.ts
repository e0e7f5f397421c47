import { messages } from '@hh/contract/messages';
import type { pageRoutes as r } from '@hh/contract/site-builder';
import type { Operation } from '../core/operation.ts';
import { createDesignOptions, listDesignOptions, serializeDesign, updateDesignOptions } from './design-options.ts';

/** The site's design options (harvest members read, editors change). */
export const listDesigns: Operation<typeof r.listDesignOptions, 'db'> = async (deps, input) => {
  const rows = await listDesignOptions(deps.db, input.actor, input.clientId ?? '', input.templateId);
  return { results: rows.map(serializeDesign), totalCount: rows.length };
};

export const createDesign: Operation<typeof r.createDesignOptions, 'db'> = async (deps, input) => {
  const row = await createDesignOptions(deps.db, input.actor, { ...input, clientId: input.clientId ?? '' });
  return { ...serializeDesign(row), message: messages.pages.designSaved };
};

export const updateDesign: Operation<typeof r.updateDesignOptions, 'db'> = async (deps, input) => ({
  ...serializeDesign(await updateDesignOptions(deps.db, input.actor, { ...input, clientId: input.clientId ?? '' })),
  message: messages.pages.designSaved,
});
