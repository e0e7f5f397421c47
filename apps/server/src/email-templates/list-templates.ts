import type { emailTemplateRoutes as r } from '@hh/contract/email-templates';
import { messages } from '@hh/contract/messages';
import * as c from '@hh/contract/team';
import { asc, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { emailTemplates } from '../db/schema/team.ts';
import { badRequest } from '../lib/app-error.ts';
import { defaultTemplates } from './defaults.ts';
import { serializeTemplate } from './serialize.ts';

/** GET /api/email-templates: the client's templates and the defaults. The spec's call has no clientId: the selected client (X-Client-Id) names it then. */
export const listTemplates: Operation<typeof r.list, 'db'> = async (deps, input) => {
  if (!input.clientId) throw badRequest('emailTemplates', messages.server.clientIdRequired);
  const client = await requireClient(deps, input.actor, input.clientId, 'member', 'emailTemplates');
  const rows = await deps.db.select().from(emailTemplates).where(eq(emailTemplates.clientId, client.id)).orderBy(asc(emailTemplates.name));
  const defaults = c.templateKinds.map((name) => ({ name, ...defaultTemplates[name], mergeFields: c.mergeFields[name] }));
  return { results: rows.map(serializeTemplate), totalCount: rows.length, defaults };
};
