import type { TemplateKind } from '@hh/contract/team';
import { eq } from 'drizzle-orm';
import type { DbDeps } from '../core/deps.ts';
import { clients } from '../db/schema/core.ts';
import { emailTemplates } from '../db/schema/team.ts';
import type { ClientTemplate } from './client-template.ts';

/** What a mail shows of the sender: the client's name and logo, or the product's own when no client is involved. */
export interface Branding {
  name: string;
  /** http(s) URL of the client's logo (the contract's URL schema), shown at the top. */
  logoUrl: string | null;
  /** Buttons and links. Text colour meets AA on white. */
  accentColor: string;
  /**
   * The client's own templates by kind (the email templates screen, decision 0042). A mail whose kind has
   * one is rendered from it (renderMail); the others keep the product's text.
   */
  templates?: Partial<Record<TemplateKind, ClientTemplate>>;
}

export const productBranding: Branding = { name: 'Humanize Hiring', logoUrl: null, accentColor: '#0C74E4' };

/**
 * The branding of one client (by id, so callers outside a request can use it); the product's when there is none.
 * A logo stored on this server (`/media/…`) becomes absolute with `publicUrl`, so mail clients can load it.
 */
export async function loadBranding({ db }: DbDeps, { clientId, publicUrl }: { clientId: string | null | undefined; publicUrl?: string }): Promise<Branding> {
  if (!clientId) return productBranding;
  const [c] = await db.select({ name: clients.name, logo: clients.logo }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!c) return productBranding;
  const logo = c.logo?.startsWith('/') && !c.logo.startsWith('//') && publicUrl ? `${publicUrl}${c.logo}` : c.logo;
  const rows = await db
    .select({ name: emailTemplates.name, subject: emailTemplates.subject, emailValue: emailTemplates.emailValue })
    .from(emailTemplates)
    .where(eq(emailTemplates.clientId, clientId));
  const templates = Object.fromEntries(rows.map((r) => [r.name, { subject: r.subject, emailValue: r.emailValue }]));
  return { ...productBranding, name: c.name, logoUrl: logo && /^https?:\/\//i.test(logo) ? logo : null, templates };
}
