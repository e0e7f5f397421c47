import type { clients, users } from '../db/schema/core.ts';

/**
 * What every domain's demo seed receives: the demo tenant and its users. Domain seeds import this
 * type from here, never seed/registry.ts (which imports them: that was an import cycle).
 */
export interface DemoContext {
  client: typeof clients.$inferSelect;
  admin: typeof users.$inferSelect;
  recruiter: typeof users.$inferSelect;
  staff: typeof users.$inferSelect;
}
