import type { emailTemplateRoutes as r } from '@hh/contract/email-templates';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { emailTemplates } from '../db/schema/team.ts';
import { notFound } from '../lib/app-error.ts';
import { serializeTemplate } from './serialize.ts';

/** GET /api/email-templates/get: one template of the client; another client's is a 404. */
export const getTemplate: Operation<typeof r.get, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', 'emailTemplates');
  const [row] = await deps.db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.clientId, client.id), eq(emailTemplates.id, input.templateId)));
  if (!row) throw notFound('templateId', messages.team.templateNotFound);
  return { template: serializeTemplate(row) };
};
