import type { WaveProfile } from '@hh/contract/wave';
import type { waveProfiles } from '../db/schema/wave.ts';

export type WaveProfileRow = typeof waveProfiles.$inferSelect;

/** A profile as the API returns it: `_id` and the spec's `profileId`, basicInfo nested. */
export function toWaveProfile(r: WaveProfileRow): WaveProfile {
  return {
    _id: r.id,
    profileId: r.id,
    clientId: r.clientId,
    email: r.ownerEmail,
    basicInfo: { firstName: r.firstName, lastName: r.lastName },
    title: r.title,
    university: r.university,
    interests: r.interests,
    profileVideo: r.profileVideo,
    department: r.department,
    departmentId: r.departmentId,
    status: r.status,
    questions: r.questions.map((q) => ({ questionId: q.questionId, question: q.question, videoId: q.videoId ?? null })),
    rejectionReason: r.rejectionReason,
    createdBy: r.createdBy,
    invitedBy: r.invitedBy,
    reviewedBy: r.reviewedBy,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
