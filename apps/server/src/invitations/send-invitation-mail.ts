import type { FastifyInstance } from 'fastify';
import { renderMailFor } from '../email-templates/index.ts';
import type { ClientRow } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { InvitationRow } from '../db/schema/team.ts';

/** Emails the single-use link to /user-invitation, with the client's "invitation" template when it has one. */
export async function sendInvitationMail(
  app: FastifyInstance,
  opts: { client: ClientRow; actor: Actor; row: InvitationRow; token: string; inviterName: string },
) {
  const { client, row, token } = opts;
  const link = `${app.config.publicUrl}/user-invitation?token=${encodeURIComponent(token)}`;
  const mail = await renderMailFor(app.db, client.id, 'invitation', {
    firstName: row.firstName,
    clientName: client.name,
    inviterName: opts.inviterName,
    link,
    expiresAt: row.expiresAt.toUTCString(),
  });
  await app.mail.send({ to: row.email, clientId: client.id, ...mail });
}

export function nameOf(u: { firstName: string; lastName: string; email: string }): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;
}
