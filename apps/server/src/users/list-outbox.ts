import type { userRoutes as r } from '@hh/contract/users';
import { desc, sql } from 'drizzle-orm';
import { requireRight } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { outbox } from '../db/schema/core.ts';

/** GET /api/outbox: every mail the platform wrote, newest first (DESIGN.md: admins read it when no SMTP is set). Admins only. */
export const listOutbox: Operation<typeof r.outbox, 'db'> = async (deps, input) => {
  requireRight(input.actor, 'admin', 'outbox');
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select()
      .from(outbox)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(outbox),
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
};
