import type { clients, users } from '../db/schema/core.ts';

/**
 * What every domain's demo seed receives: the demo tenant and its users. It lives in core/ so a
 * domain's seed.ts imports only lower layers, never seed/ (whose registry imports every domain's
 * seed.ts: importing the type from there was an import cycle).
 */
export interface DemoContext {
  client: typeof clients.$inferSelect;
  admin: typeof users.$inferSelect;
  recruiter: typeof users.$inferSelect;
  staff: typeof users.$inferSelect;
}
