import { eq } from 'drizzle-orm';
import type { MatrixEntry, MatrixFixture } from '../../test/matrix-types.ts';
import { meetTheTeamSettings, motivatorSearchPages, pageDesignOptions, pageTemplates } from '../db/schema/pages.ts';
import {
  ensureDesign,
  ensureDesignVersion,
  ensureLiveHome,
  ensureMeetTheTeam,
  ensureMotivatorSearch,
  ensureTemplate,
  multipart,
  newMotivator,
  tinyPng,
} from './test-fixtures.ts';

/** Who may call each site-builder route (docs/permissions.md "Career-site builder"). Requests target tenant A. */
const everyone = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const signedIn = ['admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const tenantA = ['admin', 'recruiterA', 'staffA'] as const;
const rand = () => crypto.randomUUID().slice(0, 8);
const A = (f: MatrixFixture) => f.a.client.id;
const content = { root: { props: {} }, content: [{ type: 'RichText', props: { id: 'r1', heading: 'Hi', text: 'Hello' } }] };

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/default-page-templates', allowed: [...signedIn], request: () => ({}) },
  {
    method: 'GET',
    route: '/api/default-page-templates/get-by-name',
    allowed: [...signedIn],
    request: () => ({ url: '/api/default-page-templates/get-by-name?name=Home' }),
  },
  {
    method: 'POST',
    route: '/api/default-page-templates/create',
    allowed: ['admin'],
    note: 'Product-wide: global admins only.',
    request: () => ({ payload: { name: `custom-${rand()}`, content } }),
  },
  {
    method: 'PATCH',
    route: '/api/default-page-templates/update',
    allowed: ['admin'],
    request: () => ({ payload: { name: 'Benefits', description: 'Benefits page' } }),
  },

  { method: 'GET', route: '/api/page-templates', allowed: [...tenantA], request: (f) => ({ url: `/api/page-templates?clientId=${A(f)}` }) },
  {
    method: 'POST',
    route: '/api/page-templates/create',
    allowed: [...tenantA],
    note: 'One template per client: the request removes A’s template first.',
    request: async (f) => {
      await f.app.db.delete(pageTemplates).where(eq(pageTemplates.clientId, A(f)));
      return { payload: { clientId: A(f) } };
    },
  },
  {
    method: 'PATCH',
    route: '/api/page-templates/update',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { _id: (await ensureTemplate(f.app, A(f))).id, clientId: A(f), seo: { keywords: ['nursing'] } } }),
  },
  {
    method: 'PATCH',
    route: '/api/page-templates/update-partial',
    allowed: [...tenantA],
    request: async (f) => ({
      url: `/api/page-templates/update-partial?templateId=${(await ensureTemplate(f.app, A(f))).id}`,
      payload: { clientId: A(f), page: { name: 'Home', content } },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/page-templates/delete',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { _id: (await ensureTemplate(f.app, A(f))).id, clientId: A(f) } }),
  },
  {
    method: 'GET',
    route: '/api/additional-page-templates',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/additional-page-templates?clientId=${A(f)}` }),
  },
  {
    method: 'POST',
    route: '/api/additional-page-templates',
    allowed: [...tenantA],
    request: async (f) => {
      await ensureTemplate(f.app, A(f));
      return { payload: { clientId: A(f), name: `Page ${rand()}`, fromDefault: 'dbo-benefit' } };
    },
  },

  { method: 'GET', route: '/api/page-design-options', allowed: [...tenantA], request: (f) => ({ url: `/api/page-design-options?clientId=${A(f)}` }) },
  {
    method: 'POST',
    route: '/api/page-design-options/create',
    allowed: [...tenantA],
    request: async (f) => {
      const t = await ensureTemplate(f.app, A(f));
      await f.app.db.delete(pageDesignOptions).where(eq(pageDesignOptions.clientId, A(f)));
      return { payload: { clientId: A(f), templateId: t.id } };
    },
  },
  {
    method: 'PATCH',
    route: '/api/page-design-options/update',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { _id: (await ensureDesign(f.app, A(f))).id, clientId: A(f), activeDesign: { buttonStyle: 'pill' } } }),
  },
  {
    method: 'GET',
    route: '/api/page-design-options/published',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/page-design-options/published?clientId=${A(f)}` }),
  },
  {
    method: 'POST',
    route: '/api/page-design-options/publish',
    allowed: [...tenantA],
    note: 'Harvest admins, as for publishing a page.',
    request: async (f) => {
      await ensureDesign(f.app, A(f));
      return { payload: { clientId: A(f) } };
    },
  },
  {
    method: 'POST',
    route: '/api/page-design-options/restore',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: A(f), version: (await ensureDesignVersion(f.app, A(f))).version } }),
  },
  {
    method: 'POST',
    route: '/api/page-design-options/logo',
    allowed: [...tenantA],
    request: async (f) => {
      await ensureTemplate(f.app, A(f));
      return {
        url: '/api/page-design-options/logo',
        ...multipart({ clientId: A(f) }, { name: 'image', filename: 'logo.png', type: 'image/png', data: await tinyPng() }),
      };
    },
  },
  {
    method: 'POST',
    route: '/api/favicon/page/upload',
    allowed: [...tenantA],
    request: async (f) => {
      const t = await ensureTemplate(f.app, A(f));
      const m = multipart({ clientId: A(f) }, { name: 'image', filename: 'icon.png', type: 'image/png', data: await tinyPng() });
      return { url: `/api/favicon/page/upload?templateId=${t.id}`, ...m };
    },
  },
  {
    method: 'POST',
    route: '/api/favicon/meet-the-team/upload',
    allowed: [...tenantA],
    request: async (f) => {
      const s = await ensureMeetTheTeam(f.app, A(f));
      const m = multipart({ clientId: A(f) }, { name: 'image', filename: 'icon.png', type: 'image/png', data: await tinyPng() });
      return { url: `/api/favicon/meet-the-team/upload?pageId=${s.id}`, ...m };
    },
  },

  {
    method: 'GET',
    route: '/api/published-page-templates',
    allowed: [...everyone],
    note: 'Public: published pages need no sign-in.',
    request: async (f) => {
      await ensureLiveHome(f.app, A(f));
      return { url: `/api/published-page-templates?nameSlug=${f.a.client.nameSlug}&pageName=Home` };
    },
  },
  {
    method: 'POST',
    route: '/api/published-page-templates',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: A(f), templateId: (await ensureTemplate(f.app, A(f))).id, pageName: 'Home' } }),
  },
  {
    method: 'PATCH',
    route: '/api/published-page-templates',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { clientId: A(f), pageName: 'Home', templateId: (await ensureLiveHome(f.app, A(f))).id } }),
  },
  {
    method: 'DELETE',
    route: '/api/published-page-templates',
    allowed: [...tenantA],
    request: async (f) => {
      await ensureLiveHome(f.app, A(f));
      return { payload: { clientId: A(f), pageName: 'Home' } };
    },
  },
  {
    method: 'GET',
    route: '/api/published-page-templates/get-all',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/published-page-templates/get-all?clientId=${A(f)}` }),
  },
  {
    method: 'GET',
    route: '/api/published-page-templates/get-header-footer',
    allowed: [...everyone],
    request: (f) => ({ url: `/api/published-page-templates/get-header-footer?nameSlug=${f.a.client.nameSlug}` }),
  },
  {
    method: 'GET',
    route: '/api/published-page-templates/motivators',
    allowed: [...everyone],
    request: (f) => ({ url: `/api/published-page-templates/motivators?nameSlug=${f.a.client.nameSlug}` }),
  },

  {
    method: 'GET',
    route: '/api/meet-the-team',
    allowed: [...tenantA],
    request: async (f) => {
      await ensureMeetTheTeam(f.app, A(f));
      return { url: `/api/meet-the-team?clientId=${A(f)}` };
    },
  },
  {
    method: 'POST',
    route: '/api/meet-the-team/create',
    allowed: [...tenantA],
    request: async (f) => {
      await f.app.db.delete(meetTheTeamSettings).where(eq(meetTheTeamSettings.clientId, A(f)));
      return { payload: { clientId: A(f), title: 'Our people' } };
    },
  },
  {
    method: 'PATCH',
    route: '/api/meet-the-team/update',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { _id: (await ensureMeetTheTeam(f.app, A(f))).id, clientId: A(f), layout: 'strip' } }),
  },

  { method: 'GET', route: '/api/motivators', allowed: [...tenantA], request: (f) => ({ url: `/api/motivators?clientId=${A(f)}` }) },
  {
    method: 'POST',
    route: '/api/motivators/create',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: A(f), name: `Sign-on bonus ${rand()}` } }),
  },
  {
    method: 'PATCH',
    route: '/api/motivators/update',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { _id: (await newMotivator(f.app, A(f))).id, clientId: A(f), headline: 'Changed' } }),
  },
  {
    method: 'DELETE',
    route: '/api/motivators/delete',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { _id: (await newMotivator(f.app, A(f))).id, clientId: A(f) } }),
  },

  {
    method: 'GET',
    route: '/api/motivator-search-page',
    allowed: [...tenantA],
    request: async (f) => {
      await ensureMotivatorSearch(f.app, A(f));
      return { url: `/api/motivator-search-page?clientId=${A(f)}` };
    },
  },
  {
    method: 'POST',
    route: '/api/motivator-search-page/create',
    allowed: [...tenantA],
    request: async (f) => {
      await f.app.db.delete(motivatorSearchPages).where(eq(motivatorSearchPages.clientId, A(f)));
      return { payload: { clientId: A(f), title: 'What matters to you?' } };
    },
  },
  {
    method: 'PATCH',
    route: '/api/motivator-search-page/update',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { _id: (await ensureMotivatorSearch(f.app, A(f))).id, clientId: A(f), published: true } }),
  },
];
