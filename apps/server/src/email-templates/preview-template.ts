import type { emailTemplateRoutes as r } from '@hh/contract/email-templates';
import { messages } from '@hh/contract/messages';
import { eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { users } from '../db/schema/core.ts';
import { loadClientForWrite } from '../questions/index.ts';
import { draftMail } from './draft-mail.ts';

export const previewTemplate: Operation<typeof r.preview, 'db' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', 'emailTemplates');
  return draftMail(deps, client.id, input);
};

/** A test send goes to the caller's own address only. */
export const sendTestTemplate: Operation<typeof r.testSend, 'db' | 'config' | 'mail'> = async (deps, input) => {
  const client = await loadClientForWrite(deps, { actor: input.actor, clientId: input.clientId, key: 'emailTemplates' });
  const mail = await draftMail(deps, client.id, input);
  const [me] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, input.actor.id)).limit(1);
  await deps.mail.send({ to: me.email, clientId: client.id, subject: `[Test] ${mail.subject}`, text: mail.text, html: mail.html });
  return { message: messages.team.templateTestSent(me.email) };
};
