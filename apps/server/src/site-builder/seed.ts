import { pageSlug } from '@hh/contract/site-builder';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { departments } from '../db/schema/jobs.ts';
import {
  meetTheTeamSettings,
  motivatorSearchPages,
  motivators,
  pageDesignOptions,
  siteDesignVersions,
  pageTemplates,
  publishedPageVersions,
  type StoredContent,
} from '../db/schema/pages.ts';
import type { DemoContext } from '../core/demo-context.ts';
import { builtinByKey } from './builtins.ts';

const clone = <T>(v: T): T => structuredClone(v);

/**
 * Demo career site: acme-health gets a published Home page built from the default
 * template (hero, job search, a Nursing job list, the meet-the-team strip, benefits), a published
 * Benefits page, its design, three published motivators, a published motivator search page and
 * meet-the-team settings. Idempotent: nothing happens once the client has a page template.
 */
export async function seedPages(app: FastifyInstance, { client, admin }: DemoContext) {
  const db = app.db;
  const [existing] = await db.select({ id: pageTemplates.id }).from(pageTemplates).where(eq(pageTemplates.clientId, client.id));
  if (existing) return;
  const [nursing] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.clientId, client.id), sql`lower(${departments.name}) = 'nursing'`))
    .limit(1);

  const home = clone(builtinByKey.get('home')?.content as StoredContent);
  for (const b of home.content) {
    if (b.type === 'Hero')
      Object.assign(b.props, {
        title: 'Care is a team sport',
        subtitle: 'Nurses, therapists and the people behind them: join 2,400 colleagues across Central Texas.',
      });
    if (b.type === 'JobList') Object.assign(b.props, { heading: 'Nursing jobs open now', departmentId: nursing?.id ?? '', limit: 6 });
    if (b.type === 'Header')
      Object.assign(b.props, {
        links: [
          { label: 'Jobs', href: '/search-page' },
          { label: 'Benefits', href: '/benefits' },
          { label: 'Our team', href: '/meet-the-team' },
        ],
      });
    if (b.type === 'Footer') Object.assign(b.props, { text: 'Acme Health is an equal opportunity employer.' });
  }
  home.content.splice(home.content.length - 2, 0, { type: 'Motivators', props: { id: 'Motivators-demo', heading: 'Why people join Acme Health' } });
  const benefits = clone(builtinByKey.get('benefits')?.content as StoredContent);
  const pages = [
    {
      _id: crypto.randomUUID(),
      name: 'Home',
      updatedAt: new Date().toISOString(),
      content: home,
      seo: { title: 'Careers at Acme Health', description: 'Nursing, therapy and operations jobs across Central Texas. Search open jobs and meet the team.' },
    },
    {
      _id: crypto.randomUUID(),
      name: 'Benefits',
      updatedAt: new Date().toISOString(),
      content: benefits,
      seo: { title: 'Benefits', description: 'Health cover from day one, paid time off and tuition paid at Acme Health.' },
    },
  ];
  const [t] = await db
    .insert(pageTemplates)
    .values({
      clientId: client.id,
      name: 'Acme Health careers',
      pages,
      seo: { keywords: ['nursing jobs', 'healthcare careers', 'Austin'] },
      socialMetadata: { title: 'Careers at Acme Health', description: 'Find your place on a team that cares.', twitterCard: 'summary' },
      socialNetworks: [{ network: 'LinkedIn', url: 'https://www.linkedin.com/' }],
      activityLog: [{ action: 'create', by: admin.email, at: new Date().toISOString() }],
    })
    .onConflictDoNothing()
    .returning();
  if (!t) return;
  const acmeDesign = {
    name: 'Acme',
    colors: { primary: '#0b6e4f', secondary: '#0b3d6e', text: '#1b1f24', background: '#ffffff', surface: '#eef4f8' },
    headingFont: 'System',
    bodyFont: 'System',
    buttonStyle: 'pill',
    spacing: 'comfortable',
  };
  await db.insert(pageDesignOptions).values({ clientId: client.id, templateId: t.id, activeDesign: acmeDesign });
  // The saved design is the published one too (visitors see only a published design).
  await db.insert(siteDesignVersions).values({ clientId: client.id, version: 1, action: 'publish', design: acmeDesign, publishedBy: admin.id });
  for (const p of pages)
    await db.insert(publishedPageVersions).values({
      clientId: client.id,
      templateId: t.id,
      pageSlug: pageSlug(p.name),
      pageName: p.name,
      version: 1,
      action: 'publish',
      content: p.content,
      seo: p.seo,
      publishedBy: admin.id,
    });

  const demo = [
    {
      name: 'Home every night',
      headline: 'Day shifts that end at home',
      story: 'Most of our clinics close at 7 pm, so your evenings are yours.\n\n- Predictable schedules, set a month ahead\n- No mandatory overtime',
      filter: { keywords: 'clinic' },
      icon: 'home',
    },
    {
      name: 'Sign-on bonus',
      headline: 'Up to $10,000 to start',
      story: 'Registered nurses joining an inpatient unit get a **sign-on bonus**, paid over your first year.',
      filter: { keywords: 'nurse' },
      icon: 'gift',
    },
    {
      name: 'Tuition paid',
      headline: 'We pay for your next degree',
      story: 'From BSN to DNP, we cover tuition at partner schools, and schedule around your classes.',
      filter: nursing ? { departmentId: nursing.id } : {},
      icon: 'school',
    },
  ];
  const made = await db
    .insert(motivators)
    .values(demo.map((m, i) => ({ clientId: client.id, slug: pageSlug(m.name), published: true, position: i, ...m })))
    .onConflictDoNothing()
    .returning();
  await db
    .insert(motivatorSearchPages)
    .values({
      clientId: client.id,
      title: 'What matters to you?',
      intro: 'Pick what you care about most and see the jobs that offer it.',
      motivatorIds: made.map((m) => m.id),
      published: true,
    })
    .onConflictDoNothing();
  await db
    .insert(meetTheTeamSettings)
    .values({ clientId: client.id, title: 'Meet the team', intro: 'The people you would work with, in their own words.', layout: 'grid' })
    .onConflictDoNothing();
}
