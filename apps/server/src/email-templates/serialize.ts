import type { EmailTemplate } from '@hh/contract/team';
import type { EmailTemplateRow } from '../db/schema/team.ts';

export const serializeTemplate = (r: EmailTemplateRow): EmailTemplate => ({
  _id: r.id,
  clientId: r.clientId,
  name: r.name,
  subject: r.subject,
  emailValue: r.emailValue,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
