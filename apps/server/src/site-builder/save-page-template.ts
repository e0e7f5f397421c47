import { messages } from '@hh/contract/messages';
import type { pageRoutes as r } from '@hh/contract/site-builder';
import type { Operation } from '../core/operation.ts';
import { listDefaultTemplates } from './default-templates.ts';
import { createAdditionalPage, createPageTemplate, deletePageTemplate, getPageTemplates, listAdditionalPages, updatePageTemplate } from './page-templates.ts';
import { serializeTemplate } from './serialize.ts';

/** A client's page template and its additional pages (harvest members read, editors change, admins delete). */
export const listTemplates: Operation<typeof r.listTemplates, 'db'> = async (deps, input) => {
  const rows = await getPageTemplates(deps.db, input.actor, input.clientId ?? '', input.templateId);
  return { results: rows.map(serializeTemplate), totalCount: rows.length };
};

export const createTemplate: Operation<typeof r.createTemplate, 'db'> = async (deps, input) => {
  const row = await createPageTemplate(deps.db, input.actor, input.clientId ?? '', input);
  return { ...serializeTemplate(row), message: messages.pages.templateSaved };
};

export const updateTemplate: Operation<typeof r.updateTemplate, 'db'> = async (deps, input) => {
  const row = await updatePageTemplate(deps.db, input.actor, { clientId: input.clientId ?? '', templateId: input._id, input });
  return { ...serializeTemplate(row), message: messages.pages.templateSaved };
};

/** One page added or replaced (`page`), or some of the template's fields. */
export const updateTemplatePartly: Operation<typeof r.updateTemplatePartial, 'db'> = async (deps, input) => {
  const { page, ...fields } = input;
  const row = await updatePageTemplate(deps.db, input.actor, { clientId: input.clientId ?? '', templateId: input.templateId, input: fields, page });
  return { ...serializeTemplate(row), message: page ? messages.pages.pageSaved : messages.pages.templateSaved };
};

export const deleteTemplate: Operation<typeof r.deleteTemplate, 'db'> = async (deps, input) =>
  serializeTemplate(await deletePageTemplate(deps.db, input.actor, input.clientId ?? '', input._id));

export const listAdditional: Operation<typeof r.listAdditionalPages, 'db'> = async (deps, input) => {
  const pages = await listAdditionalPages(deps.db, input.actor, input.clientId ?? '');
  const defaults = await listDefaultTemplates(deps.db);
  return { results: pages, totalCount: pages.length, templates: defaults.map((d) => ({ name: d.name, description: d.description })) };
};

export const createAdditional: Operation<typeof r.createAdditionalPage, 'db'> = async (deps, input) => {
  const row = await createAdditionalPage(deps.db, input.actor, { ...input, clientId: input.clientId ?? '' });
  return { ...serializeTemplate(row), message: messages.pages.pageSaved };
};
