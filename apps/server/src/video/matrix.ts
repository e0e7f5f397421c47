import { randomBytes } from 'node:crypto';
import type { MatrixEntry, MatrixFixture } from '../../test/matrix-types.ts';
import { videos } from '../db/schema/wave.ts';
import { signUploadToken } from './signing.ts';
import { multipartBody } from './test-media.ts';

/** Who may call each video route (docs/wave.md). Requests target tenant A; staffA is a Wave admin of A. */
const everyone = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const managersA = ['admin', 'recruiterA', 'staffA'] as const;

async function videoOfA(f: MatrixFixture, state: 'uploading' | 'ready' = 'uploading') {
  const nonce = randomBytes(8).toString('hex');
  const expiresAt = new Date(Date.now() + 600_000);
  const [v] = await f.app.db
    .insert(videos)
    .values({
      clientId: f.a.client.id,
      ownerId: f.a.staff.id,
      uploadNonce: nonce,
      uploadExpiresAt: expiresAt,
      state,
      playbackKey: state === 'ready' ? 'x/playback.mp4' : null,
    })
    .returning();
  return { v, nonce, expiresAt };
}

export const matrix: MatrixEntry[] = [
  { method: 'POST', route: '/api/video/get-upload-url', allowed: [...managersA], request: (f) => ({ payload: { clientId: f.a.client.id } }) },
  {
    method: 'POST',
    route: '/api/video/get-upload-url',
    allowed: [...managersA],
    note: 'purpose page (the career-site editor): client staff need userTypeHarvest editor+ (staffA is a Harvest admin; the 403 is in page-video.test.ts).',
    request: (f) => ({ payload: { clientId: f.a.client.id, purpose: 'page' } }),
  },
  {
    method: 'POST',
    route: '/uploads/video/:token',
    allowed: [...everyone],
    note: 'The signed one-time URL is the credential; each role gets a fresh one.',
    request: async (f) => {
      const { v, nonce, expiresAt } = await videoOfA(f);
      const token = await signUploadToken(f.app.config.jwtSecret, { clientId: v.clientId, videoId: v.id, nonce, expiresAt });
      // An EBML header passes the signature check; processing later marks this stub failed.
      return { url: `/uploads/video/${token}`, ...multipartBody(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64)])) };
    },
  },
  {
    method: 'GET',
    route: '/api/video/get-details',
    allowed: [...managersA],
    request: async (f) => ({ url: `/api/video/get-details?videoId=${(await videoOfA(f)).v.id}` }),
  },
  {
    method: 'POST',
    route: '/api/video/get-download-url',
    allowed: [...managersA],
    request: async (f) => ({ payload: { videoId: (await videoOfA(f, 'ready')).v.id } }),
  },
];
