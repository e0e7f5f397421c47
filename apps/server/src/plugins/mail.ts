import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
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

/** Its worker and retry policy: src/mail/background/deliver-mail.job.ts, listed in src/workers.ts. */
export const MAIL_DELIVER_QUEUE = 'mail-deliver';

/**
 * A mail the SMTP server did not take is tried again every MAIL_RETRY_SECONDS for MAIL_RETRY_HOURS
 * (defaults: every minute for a day), so an SMTP server down for ten minutes delays mail by at most
 * a minute after it is back. Until then the mail waits in the outbox with its attempts and last error.
 */
export function mailRetry(config: Pick<Config, 'MAIL_RETRY_SECONDS' | 'MAIL_RETRY_HOURS'>) {
  return { retryDelay: config.MAIL_RETRY_SECONDS, retryLimit: Math.ceil((config.MAIL_RETRY_HOURS * 3600) / config.MAIL_RETRY_SECONDS), retryBackoff: false };
}

export default fp(async function mailPlugin(app: FastifyInstance) {
  // Bounded SMTP waits: a server that accepts the connection and then says nothing fails the try
  // (and the queue tries again later) instead of holding the mail worker for nodemailer's 10 minutes.
  const transport: Transporter | null = app.config.SMTP_URL
    ? nodemailer.createTransport({ url: app.config.SMTP_URL, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 })
    : null;

  /**
   * Each mail goes out once: the row is locked for the length of the SMTP call (another process
   * trying the same row skips it), sent only while `sent_at` is empty, and marked sent in the same
   * transaction. A failure records the attempt and throws, so the queue tries again later.
   */
  const deliverNow = async (id: string) => {
    if (!transport) return;
    let failure: unknown = null;
    await app.db.transaction(async (tx) => {
      const [row] = await tx.select().from(outbox).where(eq(outbox.id, id)).for('update', { skipLocked: true }).limit(1);
      if (!row || row.sentAt) return; // sent already, or being sent by another worker right now
      try {
        const attachments = await Promise.all(
          row.attachments.map(async (a) => ({ filename: a.filename, contentType: a.contentType, content: app.storage.read(a.storageKey) })),
        );
        // A `From` header names the sender (a recruiter's name on the product's address); else the product's MAIL_FROM.
        const { From: fromHeader, ...headers } = row.headers;
        await transport.sendMail({
          from: fromHeader || app.config.MAIL_FROM,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          attachments,
          headers,
        });
      } catch (err) {
        failure = err;
        await tx
          .update(outbox)
          .set({ attempts: sql`${outbox.attempts} + 1`, lastError: String((err as Error).message).slice(0, 500) })
          .where(eq(outbox.id, id));
        return;
      }
      await tx
        .update(outbox)
        .set({ sentAt: new Date(), attempts: sql`${outbox.attempts} + 1`, lastError: null })
        .where(eq(outbox.id, id));
    });
    if (failure) throw failure; // the queue retries (mail/jobs/deliver-mail.job.ts)
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
      if (transport) await app.queue.send(MAIL_DELIVER_QUEUE, { id }, mailRetry(app.config));
    },
  };
  app.decorate('mail', mailer);
  app.addHook('onClose', async () => transport?.close());
});
