import type { Invitation } from '@hh/contract/invitations';
import type { InvitationRow } from '../db/schema/team.ts';

type P = Invitation['userTypeWave'];

/** Row -> the contract's invitation. A pending invitation past its expiry reads as Expired. */
/** A list reply of invitations. */
export const listed = (rows: InvitationRow[]) => ({ results: rows.map((row) => serializeInvitation(row)), totalCount: rows.length });

export function serializeInvitation(r: InvitationRow, now = Date.now()): Invitation {
  const status = r.status === 'Pending' && r.expiresAt.getTime() <= now ? 'Expired' : r.status;
  return {
    _id: r.id,
    clientId: r.clientId,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    purpose: r.purpose,
    userTypeWave: r.userTypeWave as P,
    userTypeHarvest: r.userTypeHarvest as P,
    userTypeHarvestPlus: r.userTypeHarvestPlus as P,
    userTypeCultivate: r.userTypeCultivate as P,
    userTypeMotivator: r.userTypeMotivator as P,
    status,
    expiresAt: r.expiresAt.toISOString(),
    sentCount: r.sentCount,
    lastSentAt: r.lastSentAt.toISOString(),
    invitedBy: r.invitedBy,
    acceptedUserId: r.acceptedUserId,
    acceptedAt: r.acceptedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
