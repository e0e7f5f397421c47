import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DemoContext } from '../core/demo-context.ts';
import { candidates } from '../db/schema/candidates.ts';
import { conversationThreads } from '../db/schema/conversations.ts';
import { recordInbound, recordOutbound, updateDelivery } from './store.ts';

/**
 * A few real demo threads (the unread badge and Home count them from the messages): an email
 * exchange awaiting a reply, an unread SMS question, and a read SMS exchange. Idempotent: a client
 * that has threads already is left alone.
 */
export async function seedConversations(app: FastifyInstance, ctx: DemoContext): Promise<void> {
  const db = app.db;
  const clientId = ctx.client.id;
  const [any] = await db.select({ id: conversationThreads.id }).from(conversationThreads).where(eq(conversationThreads.clientId, clientId)).limit(1);
  if (any) return;
  const people = await db
    .select()
    .from(candidates)
    .where(and(eq(candidates.clientId, clientId)))
    .orderBy(asc(candidates.createdAt))
    .limit(3);
  if (people.length < 3) return;
  const [a, b, c] = people;
  const recruiter = `${ctx.recruiter.firstName} ${ctx.recruiter.lastName}`.trim() || ctx.recruiter.email;
  const hour = 3600_000;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour);

  const first = await recordOutbound(
    { db },
    {
      clientId,
      candidateId: a.id,
      channel: 'email',
      from: `"${recruiter} (${ctx.client.name})" <no-reply@localhost>`,
      to: a.email,
      subject: 'Your application',
      bodyText: `Hi ${a.firstName}, thanks for applying. Could you tell me when you are free for a short call this week?`,
      bodyHtml: `<p>Hi ${a.firstName}, thanks for applying. Could you tell me when you are free for a short call this week?</p>`,
      authorUserId: ctx.recruiter.id,
      authorEmail: ctx.recruiter.email,
      idempotencyKey: 'demo:email-1',
    },
  );
  await updateDelivery({ db }, { clientId, messageId: first.message.id, status: 'sent', at: at(30) });
  await recordInbound(
    { db },
    {
      clientId,
      candidateId: a.id,
      channel: 'email',
      from: a.email,
      to: 'reply@localhost',
      subject: 'Re: Your application',
      bodyText: 'Thanks! Tuesday or Wednesday afternoon works for me.',
      receivedAt: at(2),
      idempotencyKey: 'demo:email-2',
    },
  );
  if (b.phone) {
    await recordInbound(
      { db },
      {
        clientId,
        candidateId: b.id,
        channel: 'sms',
        from: b.phone,
        to: '+15125550100',
        bodyText: 'Hi, is the night shift position still open?',
        receivedAt: at(1),
        idempotencyKey: 'demo:sms-1',
      },
    );
  }
  if (c.phone) {
    const out = await recordOutbound(
      { db },
      {
        clientId,
        candidateId: c.id,
        channel: 'sms',
        from: '+15125550100',
        to: c.phone,
        bodyText: `Hi ${c.firstName}, this is ${recruiter}. Your interview is confirmed for Friday at 10am.`,
        authorUserId: ctx.recruiter.id,
        authorEmail: ctx.recruiter.email,
        idempotencyKey: 'demo:sms-2',
      },
    );
    await updateDelivery({ db }, { clientId, messageId: out.message.id, status: 'delivered', at: at(20) });
    const reply = await recordInbound(
      { db },
      {
        clientId,
        candidateId: c.id,
        channel: 'sms',
        from: c.phone,
        to: '+15125550100',
        bodyText: 'Great, see you then!',
        receivedAt: at(19),
        idempotencyKey: 'demo:sms-3',
      },
    );
    await db
      .update(conversationThreads)
      .set({ unreadCount: 0, lastReadAt: at(18), lastReadBy: ctx.recruiter.id })
      .where(and(eq(conversationThreads.clientId, clientId), eq(conversationThreads.id, reply.thread.id)));
  }
}
