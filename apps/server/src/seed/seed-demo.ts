import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords.ts';
import { clients, users } from '../db/schema/core.ts';
import { demoSeeders } from './registry.ts';

export const DEMO_PASSWORD = 'demo-password-1';
export const DEMO_SLUG = 'acme-health';

/**
 * First-start demo tenant: a client with every subscription, an admin, a recruiter and a staff
 * user. Idempotent (found by slug and email); SEED_DEMO=false turns it off. Domains add their
 * own demo data through seed/registry.ts.
 */
export async function seedDemo(app: FastifyInstance) {
  const db = app.db;
  const hash = await hashPassword(DEMO_PASSWORD);
  const upsertUser = async (email: string, values: Partial<typeof users.$inferInsert>) => {
    const [found] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    if (found) return found;
    const [row] = await db
      .insert(users)
      .values({ email, passwordHash: hash, ...values })
      .returning();
    return row;
  };
  const admin = await upsertUser('admin@demo.test', { firstName: 'Ada', lastName: 'Admin', userTypeGlobal: 'admin' });
  const recruiter = await upsertUser('recruiter@demo.test', { firstName: 'Riley', lastName: 'Recruiter', userTypeGlobal: 'recruiter', createdBy: admin.id });

  let [client] = await db.select().from(clients).where(eq(clients.nameSlug, DEMO_SLUG)).limit(1);
  if (!client) {
    [client] = await db
      .insert(clients)
      .values({
        name: 'Acme Health',
        nameSlug: DEMO_SLUG,
        virtualAppName: 'acmehealth',
        address: { address1: '100 Main Street', city: 'Austin', state: 'TX', zipCode: '78701' },
        phoneNumber: '+1 512 555 0100',
        timeZone: 'America/Chicago',
        industry: 'Healthcare',
        contractNumber: 'C-1001',
        accountManagers: [recruiter.id],
        aiSearch: true,
        subscriptions: { cultivate: true, harvest: true, harvestPlus: true, wave: true, motivator: true, media: true },
        integrations: { twilioSms: { enabled: true } },
        utmSource: 'careersite',
        utmMedium: 'organic',
        createdBy: admin.id,
      })
      .returning();
  }
  const staff = await upsertUser('staff@demo.test', {
    firstName: 'Sam',
    lastName: 'Staff',
    userTypeGlobal: 'user',
    clientId: client.id,
    company: { companyInfo: client.id },
    userTypeWave: 'admin',
    userTypeHarvest: 'editor',
    userTypeCultivate: 'member',
    createdBy: recruiter.id,
  });
  for (const seed of demoSeeders) await seed(app, { client, admin, recruiter, staff });
  return { client, admin, recruiter, staff, password: DEMO_PASSWORD };
}
