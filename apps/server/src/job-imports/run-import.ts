import { messages } from '@hh/contract/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import { GuardedFetchError, guardedFetch } from '../core/security/guarded-fetch.ts';
import { clients } from '../db/schema/core.ts';
import { departments, type ImportLineError, jobCategories, jobImports, jobs } from '../db/schema/jobs.ts';
import { jobValues } from '../jobs/index.ts';
import { normaliseRecord, type ImportRecord } from './normalize.ts';
import { detectFormat, parseImport } from './parse.ts';

export const IMPORT_QUEUE = 'jobs-import';
export const FEED_MAX_BYTES = 50 * 1024 * 1024;

/**
 * The client's jobsFeedUrl, through the guarded client (a feed URL must not reach internal services): public http(s)
 * addresses only, a streamed size cap and one time limit. Every failure reads "The feed could not be fetched".
 */
async function fetchFeed(deps: Pick<Deps, 'config'>, url: string): Promise<{ content: string; contentType: string }> {
  const c = deps.config;
  const res = await guardedFetch(url, {
    maxBytes: Math.min(FEED_MAX_BYTES, c.OUTBOUND_MAX_BYTES),
    timeoutMs: c.OUTBOUND_TIMEOUT_MS,
    allow: c.OUTBOUND_ALLOW.split(','),
    publicMessage: messages.security.feedFetchFailed,
  });
  return { content: res.body.toString('utf8'), contentType: String(res.headers['content-type'] ?? '') };
}

async function readStored(deps: Pick<Deps, 'storage'>, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of deps.storage.read(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The content of an import whose source another domain reads, and a hint of its format. */
export type ImportReader = () => Promise<{ content: string; hint: string }>;

/**
 * Runs one import: all or nothing. The file is parsed and every record validated
 * first; any error fails the import with line-numbered reasons and changes no job. Otherwise one
 * transaction upserts by referenceNumber (creating missing departments and categories by name)
 * and, for the client's feed, closes open jobs that are no longer in it. Progress is written to
 * job_imports as it goes (outside the transaction, so the portal can show it).
 * `read` gives the content of a source this domain does not know how to fetch (SAP SuccessFactors,
 * sap-import/): it runs once the import is 'running', and a GuardedFetchError it throws is shown in words.
 */
export async function runImport(deps: Pick<Deps, 'db' | 'storage' | 'config' | 'log'>, clientId: string, importId: string, read?: ImportReader): Promise<void> {
  const [imp] = await deps.db
    .select()
    .from(jobImports)
    .where(and(eq(jobImports.clientId, clientId), eq(jobImports.id, importId)));
  // 'running' here means a worker died mid-run (the queue retries it): its transaction never committed.
  if (imp?.status !== 'queued' && imp?.status !== 'running') return;
  const progress = (set: Partial<typeof jobImports.$inferInsert>) =>
    deps.db
      .update(jobImports)
      .set(set)
      .where(and(eq(jobImports.clientId, clientId), eq(jobImports.id, importId)));
  const fail = (errors: ImportLineError[]) => progress({ status: 'failed', errors: errors.slice(0, 1000), finishedAt: new Date() });
  await progress({ status: 'running' });

  let content: string;
  let hint = imp.fileName ?? '';
  try {
    if (read) {
      const r = await read();
      content = r.content;
      hint = r.hint;
    } else if (imp.source === 'feed') {
      const [c] = await deps.db.select({ url: clients.jobsFeedUrl }).from(clients).where(eq(clients.id, clientId));
      if (!c?.url) return void (await fail([{ line: 0, message: 'This client has no jobs feed URL' }]));
      const r = await fetchFeed(deps, c.url);
      content = r.content;
      hint = r.contentType.includes('json') || r.contentType.includes('xml') || r.contentType.includes('csv') ? r.contentType : c.url;
    } else {
      content = await readStored(deps, imp.storageKey ?? '');
    }
  } catch (err) {
    deps.log.warn({ err, detail: err instanceof GuardedFetchError ? err.detail : undefined, clientId, importId }, 'job import could not read its source');
    // Only the guarded client's one public message reaches the user (no ports, paths or addresses).
    const message = err instanceof GuardedFetchError ? err.publicMessage : 'The import file could not be read';
    return void (await fail([{ line: 0, message }]));
  }

  const format = detectFormat(content, hint);
  const parsed = parseImport(content, format);
  if (!parsed.ok) return void (await fail(parsed.errors));
  const records: ImportRecord[] = [];
  const errors: ImportLineError[] = [];
  const seen = new Map<string, number>();
  for (const r of parsed.records) {
    const n = normaliseRecord(r.raw, r.line);
    if ('message' in n) errors.push(n);
    else if (seen.has(n.fields.referenceNumber))
      errors.push({ line: r.line, message: `The reference number "${n.fields.referenceNumber}" also appears on line ${seen.get(n.fields.referenceNumber)}` });
    else {
      seen.set(n.fields.referenceNumber, r.line);
      records.push(n);
    }
  }
  await progress({ format, total: parsed.records.length });
  if (errors.length) return void (await fail(errors));
  // An empty feed is far more often an upstream glitch than a client with no jobs: closing every
  // job on it would be destructive, so it fails instead.
  if (!records.length) return void (await fail([{ line: 0, message: 'The file has no jobs; nothing was changed' }]));

  try {
    const counts = await deps.db.transaction(async (tx) => {
      const depIds = new Map<string, string>();
      const catIds = new Map<string, string>();
      const ensure = async (table: typeof departments | typeof jobCategories, cache: Map<string, string>, name: string) => {
        const k = name.toLowerCase();
        const hit = cache.get(k);
        if (hit) return hit;
        const found = await tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.clientId, clientId), sql`lower(${table.name}) = ${k}`));
        const id = found[0]?.id ?? (await tx.insert(table).values({ clientId, name }).returning({ id: table.id }))[0].id;
        cache.set(k, id);
        return id;
      };
      const refs = records.map((r) => r.fields.referenceNumber);
      const existing = new Map<string, typeof jobs.$inferSelect>();
      for (let i = 0; i < refs.length; i += 5000) {
        const rows = await tx
          .select()
          .from(jobs)
          .where(and(eq(jobs.clientId, clientId), inArray(jobs.referenceNumber, refs.slice(i, i + 5000))));
        for (const row of rows) existing.set(row.referenceNumber, row);
      }
      let created = 0;
      let updated = 0;
      for (const [i, r] of records.entries()) {
        const input = { ...r.fields };
        if (r.department) input.departmentId = await ensure(departments, depIds, r.department);
        if (r.category) input.categoryId = await ensure(jobCategories, catIds, r.category);
        // A job in the feed is open unless the record says otherwise (a re-listed job reopens).
        input.status ??= 'open';
        const before = existing.get(r.fields.referenceNumber);
        const values = await jobValues({ db: tx }, { clientId, fields: input, before: before });
        if (before) {
          await tx
            .update(jobs)
            .set({ ...values, updatedAt: new Date() })
            .where(and(eq(jobs.clientId, clientId), eq(jobs.id, before.id)));
          updated++;
        } else {
          await tx.insert(jobs).values({ ...values, title: input.title, referenceNumber: input.referenceNumber, clientId });
          created++;
        }
        if ((i + 1) % 100 === 0) await progress({ processed: i + 1 });
      }
      let closed = 0;
      if (imp.source === 'feed') {
        const gone = await tx
          .update(jobs)
          .set({ status: 'closed', updatedAt: new Date() })
          .where(
            and(
              eq(jobs.clientId, clientId),
              eq(jobs.status, 'open'),
              sql`NOT (${jobs.referenceNumber} = ANY(${`{${refs.map((x) => `"${x.replace(/["\\]/g, (ch) => `\\${ch}`)}"`).join(',')}}`}::text[]))`,
            ),
          )
          .returning({ id: jobs.id });
        closed = gone.length;
      }
      await logActivity(tx, {
        actor: null,
        clientId,
        action: 'import',
        entity: 'job',
        entityId: importId,
        changes: { created, updated, closed, source: imp.source },
      });
      return { created, updated, closed };
    });
    await progress({
      status: 'succeeded',
      processed: records.length,
      createdCount: counts.created,
      updatedCount: counts.updated,
      closedCount: counts.closed,
      finishedAt: new Date(),
    });
  } catch (err) {
    deps.log.error({ err, clientId, importId }, 'job import failed; nothing was changed');
    await fail([{ line: 0, message: 'The import failed and nothing was changed. Please check the file and try again.' }]);
  }
}
