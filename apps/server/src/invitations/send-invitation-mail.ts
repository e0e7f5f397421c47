import type { Deps } from '../core/deps.ts';
import type { ClientRow } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { InvitationRow } from '../db/schema/team.ts';
import { formatWhen, zoneOrUtc } from '../lib/format-when.ts';
import { loadBranding, renderMail } from '../mail/index.ts';

/**
 * Emails the single-use link to /user-invitation in the client's branding; the client's "invitation"
 * template replaces the product's text when it has one (renderMail, decision 0042).
 */
export async function sendInvitationMail(
  deps: Pick<Deps, 'db' | 'mail' | 'config'>,
  opts: { client: ClientRow; actor: Actor; row: InvitationRow; token: string; inviterName: string },
) {
  const { client, row, token } = opts;
  const link = `${deps.config.publicUrl}/user-invitation?token=${encodeURIComponent(token)}`;
  const branding = await loadBranding(deps, { clientId: client.id, publicUrl: deps.config.publicUrl });
  // "expires on Friday, December 4, 2026 at 9:29 AM (UTC)": in the client's zone when it has one, the zone named.
  const expiresAt = formatWhen(row.expiresAt, zoneOrUtc(client.timeZone));
  const mail = await renderMail(
    'invitation',
    { firstName: row.firstName || null, clientName: client.name, inviterName: opts.inviterName, link, expiresAt },
    branding,
  );
  await deps.mail.send({ to: row.email, clientId: client.id, ...mail });
}

export function nameOf(u: { firstName: string; lastName: string; email: string }): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;
}
