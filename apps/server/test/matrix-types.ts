import type { FastifyInstance, InjectOptions } from 'fastify';
import type { clients, users } from '../src/db/schema/core.ts';

/**
 * The role matrix (CONVENTIONS §13). Each domain declares, in `src/<domain>/matrix.ts`
 * (`export const matrix: MatrixEntry[]`), who may call each of its routes. The generated
 * test (test/route-matrix.test.ts) fails when a registered route has no entry.
 *
 * Fixture: two tenants A and B. `request(f)` builds a call that targets tenant A's data
 * (creating rows in A if needed). Roles in `allowed` must get a 2xx; every other role must
 * get 401, 403 or 404 and never A's data.
 */
export type MatrixRole = 'anonymous' | 'admin' | 'recruiterA' | 'staffA' | 'recruiterB' | 'staffB';

export interface MatrixTenant {
  client: typeof clients.$inferSelect;
  recruiter: typeof users.$inferSelect;
  staff: typeof users.$inferSelect;
}

export interface MatrixFixture {
  app: FastifyInstance;
  admin: typeof users.$inferSelect;
  a: MatrixTenant;
  b: MatrixTenant;
}

export type MatrixRequest = Omit<InjectOptions, 'method' | 'url'> & { url?: string };

export interface MatrixEntry {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route as registered, e.g. '/api/client/get-by-id' or '/api/jobs-summary/:id'. */
  route: string;
  /** Builds the call for tenant A (url with params filled in, query, payload). Called afresh for each role. */
  request: (f: MatrixFixture) => Promise<MatrixRequest> | MatrixRequest;
  allowed: MatrixRole[];
  /** Public routes: anonymous callers are allowed (list them in `allowed` too). */
  note?: string;
}
