import { messages } from '@hh/contract/messages';
import type { pageRoutes as r } from '@hh/contract/site-builder';
import type { Operation } from '../core/operation.ts';
import { createDefaultTemplate, getDefaultTemplate, listDefaultTemplates, updateDefaultTemplate } from './default-templates.ts';

/** The product's default page templates: every signed-in user reads them, global admins change them. */
export const listDefaults: Operation<typeof r.listDefaultTemplates, 'db'> = async (deps) => {
  const rows = await listDefaultTemplates(deps.db);
  return { results: rows, totalCount: rows.length };
};

export const getDefaultByName: Operation<typeof r.getDefaultTemplateByName, 'db'> = async (deps, input) => getDefaultTemplate(deps.db, input.name);

export const createDefault: Operation<typeof r.createDefaultTemplate, 'db'> = async (deps, input) => ({
  ...(await createDefaultTemplate(deps.db, input.actor, input)),
  message: messages.pages.templateSaved,
});

export const updateDefault: Operation<typeof r.updateDefaultTemplate, 'db'> = async (deps, input) => ({
  ...(await updateDefaultTemplate(deps.db, input.actor, input)),
  message: messages.pages.templateSaved,
});
