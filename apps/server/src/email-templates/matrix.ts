import type { MatrixEntry } from '../../test/matrix-types.ts';
import { emailTemplates } from '../db/schema/team.ts';

/** Email templates (docs/permissions.md). Requests target tenant A (createTenant's staff edit every product). */
const tenantA = ['admin', 'recruiterA', 'staffA'] as const;

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/email-templates', allowed: [...tenantA], request: (f) => ({ url: `/api/email-templates?clientId=${f.a.client.id}` }) },
  {
    method: 'POST',
    route: '/api/email-templates/create',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, name: 'referral', subject: 'Referral', emailValue: 'Hello{{firstName}}, {{link}}' } }),
  },
  {
    method: 'GET',
    route: '/api/email-templates/get',
    allowed: [...tenantA],
    request: async (f) => {
      const [row] = await f.app.db
        .insert(emailTemplates)
        .values({ clientId: f.a.client.id, name: `Read ${crypto.randomUUID()}`, subject: 'Hello', emailValue: 'Hi {{firstName}}' })
        .returning();
      return { url: `/api/email-templates/get?clientId=${f.a.client.id}&templateId=${row.id}` };
    },
  },
  {
    method: 'PATCH',
    route: '/api/email-templates/update',
    allowed: [...tenantA],
    request: async (f) => {
      const [row] = await f.app.db
        .insert(emailTemplates)
        .values({ clientId: f.a.client.id, name: `Edit ${crypto.randomUUID()}`, subject: 'Hello', emailValue: 'Hi {{firstName}}' })
        .returning();
      return { payload: { clientId: f.a.client.id, templateId: row.id, subject: 'Hello again' } };
    },
  },
  {
    method: 'DELETE',
    route: '/api/email-templates/delete',
    allowed: [...tenantA],
    // Each role gets a template to remove (saving again replaces the same row).
    request: async (f) => {
      const values = { subject: 'Follow up', emailValue: 'Call {{candidateName}}' };
      await f.app.db
        .insert(emailTemplates)
        .values({ clientId: f.a.client.id, name: 'followUp', ...values })
        .onConflictDoUpdate({ target: [emailTemplates.clientId, emailTemplates.name], set: values });
      return { url: `/api/email-templates/delete?clientId=${f.a.client.id}&name=followUp` };
    },
  },
  {
    method: 'POST',
    route: '/api/email-templates/preview',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, name: 'invitation' } }),
  },
  {
    method: 'POST',
    route: '/api/email-templates/test-send',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, name: 'campaign' } }),
  },
  {
    method: 'POST',
    route: '/api/email-templates/library/preview',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, name: 'Welcome', emailValue: '<p>Hi {{firstName}}</p>' } }),
  },
  {
    method: 'GET',
    route: '/api/email-templates/library/recipients',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/email-templates/library/recipients?clientId=${f.a.client.id}` }),
  },
  {
    method: 'POST',
    route: '/api/email-templates/library/test-send',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, name: 'Welcome', emailValue: '<p>Hi {{firstName}}</p>' } }),
  },
];
