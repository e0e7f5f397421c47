import { type clientRoutes as r, publicClient } from '@hh/contract/clients';
import { messages } from '@hh/contract/messages';
import { products } from '@hh/contract/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { Operation } from '../core/operation.ts';
import { clients } from '../db/schema/core.ts';
import { notFound } from '../lib/app-error.ts';
import { serializeClient } from './serialize-client.ts';

/**
 * Public lookups that serve the career sites (no sign-in). A Suspended client is treated as
 * unknown (404), so its site goes dark without revealing that the client exists.
 */
export const getClientBySlug: Operation<typeof r.getBySlug, 'db'> = async (deps, opts) => {
  const [row] = await deps.db
    .select()
    .from(clients)
    .where(and(sql`lower(${clients.nameSlug}) = ${opts.nameSlug.toLowerCase()}`, eq(clients.status, 'Active')))
    .limit(1);
  if (!row) throw notFound('clients', messages.server.clientNotFound);
  return publicClient.parse(serializeClient(row));
};

/** Accepts a bare host or a pasted address ("https://careers.example.com/"). */
export function normaliseDomain(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/\/.*$/, '');
}

/** With `product`, the client must subscribe to it (an unknown product name is a 404 as well). */
export const getClientByDomain: Operation<typeof r.getByDomain, 'db'> = async (deps, opts) => {
  const [row] = await deps.db
    .select()
    .from(clients)
    .where(and(sql`lower(${clients.domainURL}) = ${normaliseDomain(opts.domainURL)}`, eq(clients.status, 'Active')))
    .limit(1);
  if (!row) throw notFound('clients', messages.server.clientNotFound);
  if (opts.product !== undefined) {
    const known = (products as readonly string[]).includes(opts.product);
    if (!known || row.subscriptions?.[opts.product] !== true) throw notFound('clients', messages.server.clientNotFound);
  }
  return publicClient.parse(serializeClient(row));
};
