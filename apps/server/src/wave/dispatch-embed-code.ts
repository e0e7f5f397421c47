import { messages } from '@hh/contract/messages';
import { consume, type Limit } from '../core/security/rate-events.ts';
import type { dispatchEmbedCodeRequest } from '@hh/contract/wave';
import type { Deps } from '../core/deps.ts';
import type { z } from 'zod';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import { loadAccessibleClient } from '../auth/access.ts';
import { loadManagedWidget } from '../widgets/index.ts';
import { embedCode } from '../widgets/index.ts';
import { loadBranding, renderMail } from '../mail/index.ts';

export const EMBED_MAILS_PER_DAY: Limit = { bucket: 'embed-code-mail', max: 40, windowSeconds: 86_400 };

/**
 * POST /api/profiles/wave/dispatch-embed-code: emails a widget's embed code (script tag and
 * iframe) to the people who will paste it into the client's website.
 */
export async function dispatchEmbedCode(deps: Pick<Deps, 'db' | 'mail' | 'config'>, opts: { actor: Actor; body: z.output<typeof dispatchEmbedCodeRequest> }) {
  const { actor, body } = opts;
  const client = await loadAccessibleClient(deps.db, actor, body.clientId, 'waveProfile');
  const widget = await loadManagedWidget(deps.db, actor, body.widgetId, client.id);
  const code = embedCode(deps.config.publicUrl, widget);
  const to = [body.email].flat();
  // Issue 9 finding 13: at most EMBED_MAILS_PER_DAY recipients a day per sender, counted across processes.
  await consume(deps.db, EMBED_MAILS_PER_DAY, actor.id, messages.security.embedMailTooMany, 'waveProfile', to.length);
  const data = { companyName: client.name, message: body.message || null, ...code, domains: widget.embeddingPermissions };
  const mail = await renderMail('embedCode', data, await loadBranding(deps.db, client.id));
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
}
