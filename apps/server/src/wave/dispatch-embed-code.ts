import { messages } from '@hh/contract/messages';
import { securityMessages } from '@hh/contract/security';
import { consume, type Limit } from '../core/security/rate-events.ts';
import type { dispatchEmbedCodeRequest } from '@hh/contract/wave';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { logActivity } from '../activity/log-activity.ts';
import type { Actor } from '../auth/actor.ts';
import { loadAccessibleClient } from '../auth/access.ts';
import { loadManagedWidget } from '../widgets/load-widget.ts';
import { embedCode } from '../widgets/serialize.ts';
import { escapeHtml } from './create-edit-profile.ts';

export const EMBED_MAILS_PER_DAY: Limit = { bucket: 'embed-code-mail', max: 40, windowSeconds: 86_400 };

/**
 * POST /api/profiles/wave/dispatch-embed-code: emails a widget's embed code (script tag and
 * iframe) to the people who will paste it into the client's website.
 */
export async function dispatchEmbedCode(app: FastifyInstance, opts: { actor: Actor; body: z.output<typeof dispatchEmbedCodeRequest> }) {
  const { actor, body } = opts;
  const client = await loadAccessibleClient(app.db, actor, body.clientId, 'waveProfile');
  const widget = await loadManagedWidget(app.db, actor, body.widgetId, client.id);
  const code = embedCode(app.config.publicUrl, widget);
  const to = [body.email].flat();
  // Issue 9 finding 13: at most EMBED_MAILS_PER_DAY recipients a day per sender, counted across processes.
  await consume(app.db, EMBED_MAILS_PER_DAY, actor.id, securityMessages.embedMailTooMany, 'waveProfile', to.length);
  const note = body.message ? `${body.message}\n\n` : '';
  const ids = await app.db.transaction(async (tx) => {
    const out: string[] = [];
    for (const address of to) {
      out.push(
        await app.mail.send(
          {
            to: address,
            clientId: client.id,
            subject: `Embed code for the ${client.name} team widget`,
            text: `${note}Paste one of these into the page where the widget should appear.\n\nScript tag:\n${code.script}\n\nOr an iframe:\n${code.iframe}\n\nThe widget shows only on these domains: ${widget.embeddingPermissions.join(', ') || '(none yet: add them in the widget setup)'}.`,
            html: `${body.message ? `<p>${escapeHtml(body.message)}</p>` : ''}<p>Paste one of these into the page where the widget should appear.</p><p>Script tag:</p><pre>${escapeHtml(code.script)}</pre><p>Or an iframe:</p><pre>${escapeHtml(code.iframe)}</pre>`,
          },
          tx,
        ),
      );
    }
    await logActivity(tx, { actor, clientId: client.id, action: 'dispatch-embed-code', entity: 'widget', entityId: widget.id, changes: { to } });
    return out;
  });
  for (const id of ids) await app.mail.deliver(id);
  return { message: messages.wave.embedSuccess };
}
