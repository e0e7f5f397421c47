import type { TemplateKind } from '@hh/contract/team';
import type { Deps } from '../core/deps.ts';
import { loadBranding, renderTemplateMail } from '../mail/index.ts';
import { requireKnownMergeFields } from './check-merge-fields.ts';
import { defaultTemplates } from './defaults.ts';
import { templateFor } from './render.ts';
import { sampleValues } from './sample-values.ts';

/** The mail as it would be sent, in the client's branded layout: the draft given, else the client's template, else the default; sample values merged. */
export async function draftMail(deps: Pick<Deps, 'db' | 'config'>, clientId: string, body: { name: TemplateKind; subject?: string; emailValue?: string }) {
  const stored = await templateFor(deps.db, clientId, body.name);
  const tpl = { subject: body.subject?.trim() || stored.subject, emailValue: body.emailValue?.trim() || stored.emailValue };
  requireKnownMergeFields(body.name, tpl);
  const branding = await loadBranding(deps, { clientId, publicUrl: deps.config.publicUrl });
  return renderTemplateMail(tpl, sampleValues(body.name, branding.name, deps.config.publicUrl), branding, defaultTemplates[body.name].subject);
}
