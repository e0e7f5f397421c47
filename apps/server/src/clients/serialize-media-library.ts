import type { z } from 'zod';
import type { mediaLibrary } from '@hh/contract/clients';
import type { mediaLibraries } from '../db/schema/core.ts';

export type MediaLibraryRow = typeof mediaLibraries.$inferSelect;

export function serializeMediaLibrary(m: MediaLibraryRow): z.infer<typeof mediaLibrary> {
  return {
    _id: m.id,
    clientId: m.clientId,
    images: m.images as z.infer<typeof mediaLibrary>['images'],
    videos: m.videos as z.infer<typeof mediaLibrary>['videos'],
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}
