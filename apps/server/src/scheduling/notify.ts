import type { Deps } from '../core/deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { personTimeZone } from '../calendars/index.ts';
import { loadBranding, renderMail } from '../mail/index.ts';
import { buildInvitation, interviewUid, mailFromAddress } from './invitation.ts';
import type { LinkContext } from './load-link.ts';
import { formatWhen } from './slots.ts';

export type Change = 'booked' | 'moved' | 'cancelled';

/** The candidate's page for the link (a portal page without sign-in, docs/scheduling.md). */
export const schedulePageUrl = (publicUrl: string, token: string) => `${publicUrl}/schedule/${encodeURIComponent(token)}`;

/**
 * Writes the mails about a booked, moved or cancelled interview inside the caller's transaction: one
 * to the candidate (with the link to reschedule or cancel, times in the candidate's zone) and one to
 * each interviewer (times in their working-hours zone), each with the same .ics invitation
 * attached (METHOD:REQUEST, or METHOD:CANCEL). Returns the outbox ids, the UID and the event as a
 * calendar stores it (no METHOD, for the CalDAV copies); the
 * caller delivers once the transaction commits.
 */
export async function writeInterviewMails(
  deps: Pick<Deps, 'mail' | 'storage' | 'config'>,
  tx: DbOrTx,
  input: { ctx: LinkContext; scheduledId: string; sequence: number; start: Date; end: Date; timeZone: string; change: Change; manageLink: string | null },
): Promise<{ outboxIds: string[]; uid: string; stored: string }> {
  const { ctx } = input;
  const clientId = ctx.link.clientId;
  const branding = await loadBranding({ db: tx }, { clientId });
  const uid = interviewUid(input.scheduledId, deps.config);
  const organizer = ctx.organizer ?? { name: branding.name, email: mailFromAddress(deps.config.MAIL_FROM) };
  const event = {
    uid,
    sequence: input.sequence,
    start: input.start,
    end: input.end,
    summary: `${ctx.interview.name}: ${ctx.candidate.name} – ${ctx.application.jobTitle} (${branding.name})`,
    description: `${ctx.interview.name} for ${ctx.application.jobTitle} at ${branding.name}, ${ctx.interview.durationMinutes} minutes.`,
    organizer,
    attendees: [{ name: ctx.candidate.name, email: ctx.candidate.email }, ...ctx.interviewers.map((p) => ({ name: p.name, email: p.email }))],
  };
  const ics = buildInvitation({ ...event, method: input.change === 'cancelled' ? 'cancel' : 'request' });
  const storageKey = `scheduling/${clientId}/${input.scheduledId}-${input.sequence}${input.change === 'cancelled' ? '-cancel' : ''}.ics`;
  await deps.storage.put(storageKey, Buffer.from(ics, 'utf8'));
  const attachment = {
    filename: input.change === 'cancelled' ? 'cancel.ics' : 'invite.ics',
    storageKey,
    contentType: `text/calendar; charset=utf-8; method=${input.change === 'cancelled' ? 'CANCEL' : 'REQUEST'}`,
  };
  const base = { jobTitle: ctx.application.jobTitle, interviewName: ctx.interview.name, kind: input.change };
  const outboxIds: string[] = [];
  const toCandidate = await renderMail(
    'interviewScheduled',
    { ...base, firstName: ctx.candidate.firstName, candidateName: null, when: formatWhen(input.start, input.timeZone), manageLink: input.manageLink },
    branding,
  );
  outboxIds.push(await deps.mail.send({ to: ctx.candidate.email, clientId, ...toCandidate, attachments: [attachment] }, tx));
  for (const p of ctx.interviewers) {
    const tz = await personTimeZone({ db: tx }, { clientId, userId: p.id });
    const m = await renderMail(
      'interviewScheduled',
      {
        ...base,
        firstName: p.firstName,
        candidateName: ctx.candidate.name,
        when: formatWhen(input.start, tz),
        manageLink: null,
        // The profile link names the candidate's id, so erasing the candidate also removes this mail from the outbox.
        profileLink: `${deps.config.publicUrl}/harvest/cultivate/candidates?candidate=${ctx.candidate.id}`,
      },
      branding,
    );
    outboxIds.push(await deps.mail.send({ to: p.email, clientId, ...m, attachments: [attachment] }, tx));
  }
  return { outboxIds, uid, stored: buildInvitation({ ...event, method: 'store' }) };
}
