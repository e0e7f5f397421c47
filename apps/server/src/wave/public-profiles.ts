import type { PublicProfile, PublicVideo } from '@hh/contract/widgets';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { videos, waveProfiles } from '../db/schema/wave.ts';
import { publicUrl } from './video-links.ts';

/**
 * Approved profiles of one client, as public pages and widgets show them. Only status
 * "Approved" is ever read here, so an unapproved profile can never reach a public page.
 * `departments` holds department ids or names (a widget's list); empty means all.
 */
export async function listPublicProfiles(
  deps: Pick<Deps, 'db' | 'config'>,
  opts: { clientId: string; departments?: string[]; departmentId?: string; department?: string; limit?: number },
): Promise<PublicProfile[]> {
  const wanted = (opts.departments ?? []).map((d) => d.toLowerCase());
  const rows = await deps.db
    .select()
    .from(waveProfiles)
    .where(
      and(
        eq(waveProfiles.clientId, opts.clientId),
        eq(waveProfiles.status, 'Approved'),
        wanted.length
          ? or(
              sql`${waveProfiles.departmentId}::text IN (${sql.join(
                wanted.map((d) => sql`${d}`),
                sql`, `,
              )})`,
              sql`lower(${waveProfiles.department}) IN (${sql.join(
                wanted.map((d) => sql`${d}`),
                sql`, `,
              )})`,
            )
          : undefined,
        opts.departmentId ? eq(waveProfiles.departmentId, opts.departmentId) : undefined,
        opts.department ? sql`lower(${waveProfiles.department}) = lower(${opts.department})` : undefined,
      ),
    )
    .orderBy(asc(waveProfiles.department), asc(waveProfiles.lastName), asc(waveProfiles.firstName))
    .limit(opts.limit ?? 500);
  const ids = new Set<string>();
  for (const r of rows) {
    if (r.profileVideo) ids.add(r.profileVideo);
    for (const q of r.questions) if (q.videoId) ids.add(q.videoId);
  }
  const ready = ids.size
    ? await deps.db
        .select()
        .from(videos)
        .where(and(eq(videos.clientId, opts.clientId), inArray(videos.id, [...ids]), eq(videos.state, 'ready')))
    : [];
  const byId = new Map(ready.map((v) => [v.id, v]));
  const video = (videoId: string | null, question: string | null): PublicVideo[] => {
    const v = videoId ? byId.get(videoId) : undefined;
    if (!v) return [];
    return [
      {
        videoId: v.id,
        question,
        duration: v.duration,
        width: v.width,
        height: v.height,
        thumbnailUrl: publicUrl(deps.config, v.clientId, v.id, 'thumbnail.jpg'),
        playbackUrl: publicUrl(deps.config, v.clientId, v.id, 'playback.mp4'),
        previewUrl: v.previewKey ? publicUrl(deps.config, v.clientId, v.id, 'preview.mp4') : null,
      },
    ];
  };
  return rows.map((r) => ({
    _id: r.id,
    basicInfo: { firstName: r.firstName, lastName: r.lastName },
    title: r.title,
    university: r.university,
    interests: r.interests,
    department: r.department,
    departmentId: r.departmentId,
    videos: [...video(r.profileVideo, null), ...r.questions.flatMap((q) => video(q.videoId, q.question))],
  }));
}
