import type { jobImports } from '../db/schema/jobs.ts';

type ImportRow = typeof jobImports.$inferSelect;
export const serializeImport = (r: ImportRow) => ({
  _id: r.id,
  clientId: r.clientId,
  source: r.source,
  fileName: r.fileName,
  format: r.format,
  status: r.status,
  total: r.total,
  processed: r.processed,
  created: r.createdCount,
  updated: r.updatedCount,
  closed: r.closedCount,
  errors: r.errors,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});
