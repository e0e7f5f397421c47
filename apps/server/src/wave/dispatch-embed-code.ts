import { messages } from '@hh/contract/messages';
import { consume, type Limit } from '../core/security/rate-events.ts';
import type { waveRoutes as w } from '@hh/contract/wave';
import type { Operation } from '../core/operation.ts';
import { logActivity } from '../core/activity-log.ts';
import { requireClient } from '../auth/access.ts';
import { embedCode } from './embed-code.ts';
import { loadManagedWidget } from './load-widget.ts';
import { loadBranding, renderMail } from '../mail/index.ts';

export const EMBED_MAILS_PER_DAY: Limit = { bucket: 'embed-code-mail', max: 40, windowSeconds: 86_400 };

/**
 * POST /api/profiles/wave/dispatch-embed-code: emails a widget's embed code (script tag and
 * iframe) to the people who will paste it into the client's website.
 */
export const dispatchEmbedCode: Operation<typeof w.dispatchEmbedCode, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const { actor, ...body } = input;
  const client = await requireClient(deps, actor, input.clientId, 'member', 'waveProfile');
  const widget = await loadManagedWidget(deps, { actor, widgetId: body.widgetId, clientId: client.id });
  const code = embedCode(deps.config.publicUrl, widget);
  const to = [body.email].flat();
  // At most EMBED_MAILS_PER_DAY recipients a day per sender, counted across processes: the mail is not a relay for spam.
  await consume(deps.db, EMBED_MAILS_PER_DAY, actor.id, messages.security.embedMailTooMany, 'waveProfile', to.length);
  const data = { companyName: client.name, message: body.message || null, ...code, domains: widget.embeddingPermissions };
  const mail = await renderMail('embedCode', data, await loadBranding(deps, { clientId: client.id }));
  const ids = await deps.db.transaction(async (tx) => {
    const out: string[] = [];
    for (const address of to) {
      out.push(await deps.mail.send({ to: address, clientId: client.id, ...mail }, tx));
    }
    await logActivity(tx, { actor, clientId: client.id, action: 'dispatch-embed-code', entity: 'widget', entityId: widget.id, changes: { to } });
    return out;
  });
  for (const id of ids) await deps.mail.deliver(id);
  return { message: messages.wave.embedSuccess };
};
