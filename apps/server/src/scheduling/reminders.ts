import { E164, normalizePhone } from '@hh/contract/conversations-sms';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { personTimeZone } from '../calendars/index.ts';
import { recordOutbound, SMS_SEND_QUEUE } from '../conversations/index.ts';
import type { Deps } from '../core/deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { candidates } from '../db/schema/candidates.ts';
import { scheduledInterviewReminders, scheduledInterviews, schedulingLinks } from '../db/schema/scheduling.ts';
import { smsOptOuts, smsSettings } from '../db/schema/sms.ts';
import { loadBranding, renderMail } from '../mail/index.ts';
import { loadContext } from './load-link.ts';
import { formatWhen } from './slots.ts';

/**
 * Reminders of a booked interview (docs/scheduling.md): by email to the candidate and each
 * interviewer, 24 hours and 1 hour before it starts, through the queue. Planned in the transaction
 * that books or moves the interview (a move plans them again for the new time), removed with a
 * cancel; the job sends each one once (its row locked, sent_at set in the transaction that writes the
 * mails). The candidate's reminder also goes by SMS (`reminderText`) when they can be texted.
 */
export const REMINDER_QUEUE = 'scheduling-interview-reminder';
/** Minutes before the interview each reminder goes out. */
export const REMINDER_LEADS = [24 * 60, 60] as const;

export interface ReminderJob {
  clientId: string;
  scheduledId: string;
  leadMinutes: number;
}
export interface PlannedReminder {
  leadMinutes: number;
  dueAt: Date;
}

/** Replaces the interview's reminders with those for `start` whose time is still to come. */
export async function planReminders(tx: DbOrTx, clientId: string, scheduledId: string, start: Date, now: Date): Promise<PlannedReminder[]> {
  await clearReminders(tx, clientId, scheduledId);
  const planned = REMINDER_LEADS.map((lead) => ({ leadMinutes: lead, dueAt: new Date(start.getTime() - lead * 60_000) })).filter(
    (r) => r.dueAt.getTime() > now.getTime(),
  );
  if (planned.length)
    await tx
      .insert(scheduledInterviewReminders)
      .values(planned.map((r) => ({ clientId, scheduledInterviewId: scheduledId, leadMinutes: r.leadMinutes, dueAt: r.dueAt, startsAt: start })));
  return planned;
}

export async function clearReminders(tx: DbOrTx, clientId: string, scheduledId: string): Promise<void> {
  await tx
    .delete(scheduledInterviewReminders)
    .where(and(eq(scheduledInterviewReminders.clientId, clientId), eq(scheduledInterviewReminders.scheduledInterviewId, scheduledId)));
}

/** Queues the planned reminders for their time (after the booking commits). */
export async function enqueueReminders(deps: Pick<Deps, 'queue' | 'log'>, clientId: string, scheduledId: string, planned: PlannedReminder[]): Promise<void> {
  for (const r of planned) {
    const data: ReminderJob = { clientId, scheduledId, leadMinutes: r.leadMinutes };
    try {
      await deps.queue.send(REMINDER_QUEUE, data, { startAfter: r.dueAt });
    } catch (err) {
      // The booking stands; the reminder row stays, and is visible as unsent.
      deps.log.error({ err, scheduledId }, 'scheduling: the reminder could not be queued');
    }
  }
}

/**
 * In the reminder's transaction: the candidate's reminder as a text, when the candidate has a mobile
 * number in E.164 shape (a number typed without a country code is read as North American, as the
 * conversations domain reads it), the client has Twilio SMS set up, and the number has not opted out
 * of the client's texts. The text is written to the candidate's conversation (the conversations
 * domain's message store, so the recruiter sees it in the thread) under an idempotency key of the
 * reminder and the start it names, so a retried job never texts twice; the conversations domain's
 * send job sends it (quiet hours, rate limit and a last opt-out check included). Returns the
 * message to hand to that job after the commit, or null.
 */
async function reminderText(
  tx: DbOrTx,
  input: { clientId: string; candidateId: string; scheduledId: string; leadMinutes: number; startsAt: Date; body: string },
) {
  const [c] = await tx
    .select({ phone: candidates.phone })
    .from(candidates)
    .where(and(eq(candidates.clientId, input.clientId), eq(candidates.id, input.candidateId)))
    .limit(1);
  const phone = c?.phone ? normalizePhone(c.phone) : '';
  if (!E164.test(phone)) return null;
  const [settings] = await tx.select().from(smsSettings).where(eq(smsSettings.clientId, input.clientId)).limit(1);
  const from = settings?.fromNumber ?? settings?.messagingServiceSid;
  if (!settings?.authTokenSealed || !from) return null;
  const [optedOut] = await tx
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.clientId, input.clientId), eq(smsOptOuts.phone, phone)))
    .limit(1);
  if (optedOut) return null;
  const { message, created } = await recordOutbound(
    { db: tx },
    {
      clientId: input.clientId,
      candidateId: input.candidateId,
      channel: 'sms',
      from,
      to: phone,
      bodyText: input.body,
      idempotencyKey: `interview-reminder:${input.scheduledId}:${input.leadMinutes}:${input.startsAt.toISOString()}`,
    },
  );
  return created ? message.id : null;
}

/**
 * The reminder job. `now` is the job's clock (the tests pass their own). Early (a retry, the inline
 * queue of one-off commands) it puts itself back for its time; a reminder already sent, removed (the
 * interview cancelled) or planned for another start (moved since) sends nothing.
 */
export async function sendInterviewReminder(
  deps: Pick<Deps, 'db' | 'mail' | 'queue' | 'config' | 'log'>,
  d: ReminderJob,
  now = new Date(),
): Promise<'sent' | 'later' | 'nothing'> {
  const pk = and(
    eq(scheduledInterviewReminders.clientId, d.clientId),
    eq(scheduledInterviewReminders.scheduledInterviewId, d.scheduledId),
    eq(scheduledInterviewReminders.leadMinutes, d.leadMinutes),
  );
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(scheduledInterviewReminders).where(pk).limit(1).for('update');
    if (!row || row.sentAt) return { kind: 'nothing' as const };
    if (row.dueAt.getTime() > now.getTime() + 1000) return { kind: 'later' as const, at: row.dueAt };
    const [s] = await tx
      .select()
      .from(scheduledInterviews)
      .where(and(eq(scheduledInterviews.clientId, d.clientId), eq(scheduledInterviews.id, d.scheduledId)))
      .limit(1);
    if (!s || s.cancelledAt || s.startsAt.getTime() !== row.startsAt.getTime() || s.startsAt <= now) {
      await tx.delete(scheduledInterviewReminders).where(pk);
      return { kind: 'nothing' as const };
    }
    const [link] = await tx
      .select()
      .from(schedulingLinks)
      .where(and(eq(schedulingLinks.clientId, d.clientId), eq(schedulingLinks.id, s.linkId)))
      .limit(1);
    if (!link) return { kind: 'nothing' as const };
    const ctx = await loadContext(tx, link);
    const branding = await loadBranding({ db: tx }, { clientId: d.clientId });
    const base = { jobTitle: ctx.application.jobTitle, interviewName: ctx.interview.name, kind: 'reminder' as const, manageLink: null };
    const outboxIds: string[] = [];
    const toCandidate = await renderMail(
      'interviewScheduled',
      { ...base, firstName: ctx.candidate.firstName, candidateName: null, when: formatWhen(s.startsAt, s.timeZone) },
      branding,
    );
    outboxIds.push(await deps.mail.send({ to: ctx.candidate.email, clientId: d.clientId, ...toCandidate }, tx));
    for (const p of ctx.interviewers) {
      const tz = await personTimeZone({ db: tx }, { clientId: d.clientId, userId: p.id });
      const m = await renderMail(
        'interviewScheduled',
        {
          ...base,
          firstName: p.firstName,
          candidateName: ctx.candidate.name,
          when: formatWhen(s.startsAt, tz),
          // The profile link names the candidate's id, so erasing the candidate also removes this mail from the outbox.
          profileLink: `${deps.config.publicUrl}/harvest/cultivate/candidates?candidate=${ctx.candidate.id}`,
        },
        branding,
      );
      outboxIds.push(await deps.mail.send({ to: p.email, clientId: d.clientId, ...m }, tx));
    }
    const smsId = await reminderText(tx, {
      clientId: d.clientId,
      candidateId: ctx.candidate.id,
      scheduledId: d.scheduledId,
      leadMinutes: d.leadMinutes,
      startsAt: s.startsAt,
      body: messages.scheduling.smsReminder(branding.name, ctx.interview.name, formatWhen(s.startsAt, s.timeZone)),
    });
    await tx.update(scheduledInterviewReminders).set({ sentAt: now }).where(pk);
    return { kind: 'sent' as const, outboxIds, smsId };
  });
  if (result.kind === 'later') {
    if (deps.queue.boss) await deps.queue.send(REMINDER_QUEUE, d, { startAfter: result.at });
    return 'later';
  }
  if (result.kind === 'sent') {
    for (const id of result.outboxIds) await deps.mail.deliver(id);
    // A text whose job cannot be queued now stays 'queued' in the thread; the conversations domain's sweep sends it.
    if (result.smsId)
      await deps.queue.send(SMS_SEND_QUEUE, { clientId: d.clientId, messageId: result.smsId }).catch((err) => {
        deps.log.error({ err, scheduledId: d.scheduledId }, 'scheduling: the reminder text could not be queued');
      });
  }
  return result.kind;
}
