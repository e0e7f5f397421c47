import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createReadStream } from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { depsOf } from '../core/deps.ts';
import { videos } from '../db/schema/wave.ts';
import type { DemoContext } from '../core/demo-context.ts';
import { processVideo } from './process-video.ts';
import { originalKey } from './receive-upload.ts';
import { makeDemoPortrait } from './demo-portrait.ts';
import { DEMO_VIDEOS } from '../wave/index.ts';

/** Who appears in each demo video (the wave seed's people, same order). */
export const DEMO_VIDEO_PEOPLE = [
  { name: 'Maya Lopez', role: 'Nurse Manager' },
  { name: 'Omar Hassan', role: 'Operations Manager' },
  { name: 'Jen Park', role: 'Patient Care Lead' },
];

/**
 * Idempotent: a demo video already ready is kept; a missing or unfinished one is (re)made and
 * processed inline, so the meet-the-team page and widget preview show something at first start.
 */
export async function seedVideo(app: FastifyInstance, ctx: DemoContext): Promise<void> {
  const existing = await app.db
    .select()
    .from(videos)
    .where(and(eq(videos.clientId, ctx.client.id), inArray(videos.fileName, DEMO_VIDEOS)));
  for (const [i, name] of DEMO_VIDEOS.entries()) {
    const found = existing.find((v) => v.fileName === name);
    if (found?.state === 'ready') continue;
    if (found) await app.db.delete(videos).where(and(eq(videos.clientId, ctx.client.id), eq(videos.id, found.id)));
    const { file } = await makeDemoPortrait({ ...DEMO_VIDEO_PEOPLE[i], seconds: 3, size: '320x240' });
    try {
      const [row] = await app.db
        .insert(videos)
        .values({
          clientId: ctx.client.id,
          ownerId: ctx.staff.id,
          uploadNonce: randomBytes(8).toString('hex'),
          uploadExpiresAt: new Date(),
          uploadUsedAt: new Date(),
          fileName: name,
          state: 'processing',
        })
        .returning();
      const key = originalKey(ctx.client.id, row.id);
      const { size } = await app.storage.put(key, createReadStream(file));
      await app.db
        .update(videos)
        .set({ originalKey: key, sizeBytes: size })
        .where(and(eq(videos.clientId, ctx.client.id), eq(videos.id, row.id)));
      await processVideo(depsOf(app), { clientId: ctx.client.id, videoId: row.id });
    } finally {
      await rm(path.dirname(file), { recursive: true, force: true });
    }
  }
}
