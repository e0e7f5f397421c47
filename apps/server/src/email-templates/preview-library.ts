import { conversationMergeFields } from '@hh/contract/conversations';
import { LIBRARY_SAMPLE_RECIPIENT, type emailTemplateRoutes as r } from '@hh/contract/email-templates';
import { messages } from '@hh/contract/messages';
import { eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import { users } from '../db/schema/core.ts';
import { loadBranding, renderTemplateMail } from '../mail/index.ts';
import { loadClientForWrite } from '../questions/index.ts';
import { requireKnownMergeFields } from './check-merge-fields.ts';
import { previewRecipient } from './library-recipients.ts';

type Draft = { name?: string; subject?: string; emailValue: string; candidateId?: string };

/**
 * A library template's draft filled for a recipient, the caller as the recruiter and the client's
 * name, in the client's branded layout: what the conversations composer sends when it uses the
 * template. The recipient is the candidate asked for (a real candidate of the client, with the job of
 * their latest application: only for those who may read candidates), else the sample recipient
 * (contract LIBRARY_SAMPLE_RECIPIENT). Unknown merge fields are a 400 naming them.
 */
async function draftLibraryMail(deps: Pick<Deps, 'db' | 'config'>, clientId: string, actor: Actor, draft: Draft) {
  const tpl = { subject: draft.subject?.trim() || draft.name?.trim() || '', emailValue: draft.emailValue };
  // Library fields (not a system mail's), whatever the draft is called.
  requireKnownMergeFields('', tpl);
  const real = draft.candidateId ? await previewRecipient(deps, clientId, actor, draft.candidateId) : null;
  const recipient = real ?? LIBRARY_SAMPLE_RECIPIENT;
  const [me] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, actor.id))
    .limit(1);
  const recruiterName = `${me?.firstName ?? ''} ${me?.lastName ?? ''}`.trim() || me?.email || '';
  const branding = await loadBranding(deps, { clientId, publicUrl: deps.config.publicUrl });
  const values = {
    firstName: recipient.firstName,
    lastName: recipient.lastName,
    jobTitle: recipient.jobTitle,
    recruiterName,
    clientName: branding.name,
    bookingLink: messages.scheduling.bookingLinkSample,
  };
  const mail = await renderTemplateMail(tpl, values, branding, branding.name, conversationMergeFields);
  const sample = {
    candidateId: real?.id ?? null,
    candidateName: `${recipient.firstName} ${recipient.lastName}`.trim() || (real?.email ?? ''),
    jobTitle: recipient.jobTitle,
    recruiterName,
  };
  return { mail, sample, myEmail: me?.email ?? '' };
}

/** POST /api/email-templates/library/preview: the draft as the chosen candidate, or the sample recipient, gets it. */
export const previewLibraryTemplate: Operation<typeof r.libraryPreview, 'db' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', 'emailTemplates');
  const { mail, sample } = await draftLibraryMail(deps, client.id, input.actor, input);
  return { subject: mail.subject, text: mail.text, html: mail.html, sample };
};

/** POST /api/email-templates/library/test-send: the filled draft (for the chosen or the sample recipient) to the caller's own address only (editors, like saving). */
export const sendLibraryTest: Operation<typeof r.libraryTestSend, 'db' | 'config' | 'mail'> = async (deps, input) => {
  const client = await loadClientForWrite(deps, { actor: input.actor, clientId: input.clientId, key: 'emailTemplates' });
  const { mail, myEmail } = await draftLibraryMail(deps, client.id, input.actor, input);
  await deps.mail.send({ to: myEmail, clientId: client.id, subject: `[Test] ${mail.subject}`, text: mail.text, html: mail.html });
  return { message: messages.team.templateTestSent(myEmail) };
};
