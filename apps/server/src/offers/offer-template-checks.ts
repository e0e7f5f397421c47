import { offerMergeFieldNames } from '@hh/contract/offers';
import { messages } from '@hh/contract/messages';
import { and, eq, ne, sql } from 'drizzle-orm';
import { storedRichText } from '../core/rich-html.ts';
import type { DbOrTx } from '../db/client.ts';
import { offerTemplates } from '../db/schema/offers.ts';
import { badRequest, conflict, notFound } from '../lib/app-error.ts';
import { unknownOfferFields } from './merge.ts';

export type OfferTemplateRow = typeof offerTemplates.$inferSelect;

/** The letter as stored: the editor's HTML sanitised (core/rich-html.ts), not blank, only known merge fields. */
export function cleanLetter(body: string): string {
  const clean = storedRichText(body);
  if (!clean) throw badRequest('body', messages.offers.templateBlank);
  const unknown = unknownOfferFields(clean);
  if (unknown.length) {
    throw badRequest('body', messages.offers.templateUnknownField(unknown[0], offerMergeFieldNames.map((f) => `{{${f}}}`).join(', ')));
  }
  return clean;
}

export async function assertTemplateNameFree(tx: DbOrTx, clientId: string, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: offerTemplates.id })
    .from(offerTemplates)
    .where(
      and(eq(offerTemplates.clientId, clientId), sql`lower(${offerTemplates.name}) = lower(${name})`, exceptId ? ne(offerTemplates.id, exceptId) : undefined),
    )
    .limit(1);
  if (taken) throw conflict('name', messages.offers.templateNameTaken(name));
}

export async function loadTemplate(db: DbOrTx, clientId: string, id: string, key = 'offers'): Promise<OfferTemplateRow> {
  const [row] = await db
    .select()
    .from(offerTemplates)
    .where(and(eq(offerTemplates.clientId, clientId), eq(offerTemplates.id, id)))
    .limit(1);
  if (!row) throw notFound(key, messages.offers.templateNotFound);
  return row;
}

export const serializeTemplate = (t: OfferTemplateRow) => ({ _id: t.id, name: t.name, body: t.body, updatedAt: t.updatedAt.toISOString() });
