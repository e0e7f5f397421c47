import { conversationMergeFields } from '@hh/contract/conversations';
import { messages } from '@hh/contract/messages';
import { isTemplateKind, mergeFields } from '@hh/contract/team';
import { badRequest } from '../lib/app-error.ts';
import { unknownMergeFields } from '../mail/index.ts';

/**
 * A template may name only the merge fields it will be filled with: a system mail's own fields
 * (contract `mergeFields`), and for a library template the conversation fields the composer fills
 * (contract `conversationMergeFields`). Anything else, a typo or a name such as `constructor` or
 * `__proto__`, is a 400 naming the field and the form field (subject or body) that holds it, so it
 * is refused on save and in a preview rather than rendered.
 */
export function requireKnownMergeFields(name: string, tpl: { subject?: string; emailValue?: string }): void {
  const allowed: readonly string[] = isTemplateKind(name) ? mergeFields[name] : conversationMergeFields;
  for (const key of ['subject', 'emailValue'] as const) {
    const [unknown] = unknownMergeFields(tpl[key] ?? '', allowed);
    if (unknown !== undefined) {
      throw badRequest(key, messages.team.templateUnknownField(unknown, allowed.map((f) => `{{${f}}}`).join(', ')));
    }
  }
}
