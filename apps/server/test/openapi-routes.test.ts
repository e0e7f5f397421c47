import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from './helpers.ts';

/**
 * Moving every call into the route table (decision 0006) must not change the API.
 * The OpenAPI document's operations (method, path, parameters, body, reply statuses) are compared
 * with the snapshot taken before the move, down to a hash of each operation's schemas. Regenerate
 * deliberately with UPDATE_OPENAPI=1, then `npx biome format --write` the snapshot.
 */
const SNAPSHOT = new URL('./openapi-routes.snapshot.json', import.meta.url);

interface Operation {
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
  tags?: string[];
}

function summarise(doc: { paths: Record<string, Record<string, Operation>> }) {
  const out: Record<string, { params: string[]; body: string[]; statuses: string[]; tags: string[]; schemas: string }> = {};
  for (const [path, ops] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [method, op] of Object.entries(ops).sort(([a], [b]) => a.localeCompare(b))) {
      out[`${method.toUpperCase()} ${path}`] = {
        params: (op.parameters ?? []).map((p) => `${p.in}:${p.name}${p.required ? '' : '?'}`).sort(),
        body: Object.keys(op.requestBody?.content ?? {}).sort(),
        statuses: Object.keys(op.responses).sort(),
        tags: [...(op.tags ?? [])].sort(),
        // The request and reply schemas themselves: a field renamed or loosened in the move shows here.
        schemas: createHash('sha256')
          .update(JSON.stringify({ parameters: op.parameters, requestBody: op.requestBody, responses: op.responses }))
          .digest('hex')
          .slice(0, 16),
      };
    }
  }
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t?.close());

describe('the OpenAPI document', () => {
  it('lists the same operations, parameters and error replies as before the route table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const now = summarise(res.json());
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(SNAPSHOT, `${JSON.stringify(now, null, 1)}\n`);
    const before = JSON.parse(readFileSync(SNAPSHOT, 'utf8'));
    expect(Object.keys(now)).toEqual(Object.keys(before));
    expect(now).toEqual(before);
  });
});
