import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/core.ts';

/**
 * Email: every message is written to the `outbox` table (admins read it in the portal).
 * With SMTP_URL set, a queue job delivers it over SMTP and marks it sent.
 * Call `mail.send` after the transaction that caused it commits; pass the transaction
 * as `db` when the mail must be recorded atomically with the change.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  clientId?: string | null;
  attachments?: Array<{ filename: string; storageKey: string; contentType: string }>;
  /** Extra headers, e.g. a campaign's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(msg: MailMessage, db?: DbOrTx): Promise<string>;
  /** Sends one outbox row over SMTP now (the mail-deliver worker calls this; throws so the queue retries). */
  deliverNow(outboxId: string): Promise<void>;
  /** Enqueue delivery for outbox rows written inside a transaction, after it commits. */
  deliver(outboxId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

/** Its worker and retry policy: src/mail/jobs/deliver-mail.job.ts, listed in src/workers.ts. */
export const MAIL_DELIVER_QUEUE = 'mail-deliver';

export default fp(async function mailPlugin(app: FastifyInstance) {
  const transport: Transporter | null = app.config.SMTP_URL ? nodemailer.createTransport(app.config.SMTP_URL) : null;

  const deliverNow = async (id: string) => {
    if (!transport) return;
    const [row] = await app.db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
    if (!row || row.sentAt) return;
    try {
      const attachments = await Promise.all(
        row.attachments.map(async (a) => ({ filename: a.filename, contentType: a.contentType, content: app.storage.read(a.storageKey) })),
      );
      await transport.sendMail({
        from: app.config.MAIL_FROM,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        attachments,
        headers: row.headers,
      });
      await app.db
        .update(outbox)
        .set({ sentAt: new Date(), attempts: sql`${outbox.attempts} + 1`, lastError: null })
        .where(eq(outbox.id, id));
    } catch (err) {
      await app.db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, lastError: String((err as Error).message).slice(0, 500) })
        .where(eq(outbox.id, id));
      throw err; // the queue retries
    }
  };

  const mailer: Mailer = {
    deliverNow,
    async send(msg, db) {
      const [row] = await (db ?? app.db)
        .insert(outbox)
        .values({
          toAddress: msg.to,
          subject: msg.subject,
          textBody: msg.text,
          htmlBody: msg.html ?? null,
          clientId: msg.clientId ?? null,
          attachments: msg.attachments ?? [],
          headers: msg.headers ?? {},
        })
        .returning({ id: outbox.id });
      if (!db) await mailer.deliver(row.id);
      return row.id;
    },
    async deliver(id) {
      if (transport) await app.queue.send(MAIL_DELIVER_QUEUE, { id });
    },
  };
  app.decorate('mail', mailer);
  app.addHook('onClose', async () => transport?.close());
});
