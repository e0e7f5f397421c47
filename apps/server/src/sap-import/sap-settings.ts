import { messages } from '@hh/contract/messages';
import type { SapSettings } from '@hh/contract/sap-import';
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { jobImports } from '../db/schema/jobs.ts';
import { type SapImportSettingsRow, sapImportSettings } from '../db/schema/sap-import.ts';
import { serializeImport } from '../job-imports/index.ts';
import { badRequest } from '../lib/app-error.ts';
import { secretBox } from '../lib/secret-box.ts';
import { isBlockedAddress } from '../core/security/guarded-fetch.ts';
import net from 'node:net';

/** Helpers private to sap-import: the settings row, its sealed password and the reply shape. */

export const SAP_QUEUE = 'sap-import';

export const sapSecrets = (config: Pick<Config, 'SECRETS_KEY' | 'jwtSecret'>) => secretBox(config.SECRETS_KEY ?? config.jwtSecret, 'sap-import-settings');

export async function readSapSettings(db: DbOrTx, clientId: string): Promise<SapImportSettingsRow | null> {
  const [row] = await db.select().from(sapImportSettings).where(eq(sapImportSettings.clientId, clientId)).limit(1);
  return row ?? null;
}

export async function serializeSapSettings(db: DbOrTx, clientId: string, row: SapImportSettingsRow | null): Promise<SapSettings> {
  const [last] = await db
    .select()
    .from(jobImports)
    .where(and(eq(jobImports.clientId, clientId), eq(jobImports.source, 'sap')))
    .orderBy(desc(jobImports.createdAt))
    .limit(1);
  return {
    clientId,
    saved: !!row,
    baseUrl: row?.baseUrl ?? '',
    companyId: row?.companyId ?? '',
    username: row?.username ?? '',
    hasPassword: !!row?.passwordSealed,
    schedule: row?.schedule ?? 'off',
    updatedAt: row?.updatedAt.toISOString() ?? null,
    lastImport: last ? serializeImport(last) : null,
  };
}

/**
 * Refuses, when it is saved, an API address that names a private, loopback or link-local address
 * (or `localhost`) unless OUTBOUND_ALLOW lists it. A name that resolves to such an address is refused
 * by the guarded client when the import runs, and that import shows the same words.
 */
export function checkPublicAddress(config: Pick<Config, 'OUTBOUND_ALLOW'>, url: string) {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allow = config.OUTBOUND_ALLOW.split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  if (allow.includes(host)) return;
  const literal = net.isIP(host) !== 0;
  if ((literal && isBlockedAddress(host)) || host === 'localhost' || host.endsWith('.localhost'))
    throw badRequest('baseUrl', messages.sapImport.privateAddress);
}
