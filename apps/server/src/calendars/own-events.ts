import type { Config } from '../config.ts';

/**
 * The UIDs of the interviews this product writes into calendars and mails as invitations:
 * `<booked interview id>@<host of PUBLIC_URL>` (scheduling/invitation.ts `interviewUid`). Such an
 * event read back by a calendar sync is not a busy time: while the interview is booked, its hold
 * blocks the time already (scheduling passes the holds to `freeSlots`), and once it is moved or
 * cancelled the old copy must not block the time until the next sync. Matched by the UID's exact
 * shape (a UUID at our host), so other events of ours (the chatbot's `chatbot-…` UIDs) still block.
 */
export function ownInterviewUid(config: Pick<Config, 'publicUrl'>): (uid: string) => boolean {
  const host = new URL(config.publicUrl).hostname.toLowerCase();
  const re = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@(.+)$/i;
  return (uid) => {
    const m = re.exec(uid.trim());
    return !!m && m[1].toLowerCase() === host;
  };
}
