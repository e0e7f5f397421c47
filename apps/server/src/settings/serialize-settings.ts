import type { userSettings as userSettingsSchema } from '@hh/contract/users';
import type { z } from 'zod';
import type { userSettings } from '../db/schema/core.ts';

export type UserSettingsRow = typeof userSettings.$inferSelect;

export function serializeSettings(s: UserSettingsRow): z.infer<typeof userSettingsSchema> {
  return {
    _id: s.id,
    userId: s.userId,
    clientId: s.clientId,
    crm: { requisitions: { columns: s.crm?.requisitions?.columns ?? [] } },
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
