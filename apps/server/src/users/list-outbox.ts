import { messages } from '@hh/contract/messages';
import { desc, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/core.ts';
import { forbidden } from '../lib/app-error.ts';

/** GET /api/outbox: every mail the platform wrote, newest first (DESIGN.md: admins read it when no SMTP is set). Admins only. */
export async function listOutbox(opts: { db: DbOrTx; actor: Actor; page: number; pageSize: number }) {
  if (opts.actor.userTypeGlobal !== 'admin') throw forbidden('outbox', messages.server.forbidden);
  const [rows, [{ n }]] = await Promise.all([
    opts.db
      .select()
      .from(outbox)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    opts.db.select({ n: sql<number>`count(*)::int` }).from(outbox),
  ]);
  return {
    results: rows.map((r) => ({
      _id: r.id,
      clientId: r.clientId,
      to: r.toAddress,
      subject: r.subject,
      text: r.textBody,
      html: r.htmlBody,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
      attempts: r.attempts,
      lastError: r.lastError,
    })),
    totalCount: n,
  };
}
