import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { axeViolations } from '../support/axe.ts';
import { ADMIN, apiLogin, bearer, expect, signIn, test } from '../support/fixtures.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * /clients/{id}/integrations/sap against a stand-in SAP SuccessFactors OData v2 service on loopback
 * (d.results pages linked by __next), with a server of its own that may reach 127.0.0.1
 * (OUTBOUND_ALLOW; the guarded outbound client refuses loopback otherwise): save the connection, import
 * a feed with broken requisitions (shown by row, nothing changed), then a good one (jobs created).
 * axe finds nothing at 1280 and 390 px.
 */

test.describe('SAP SuccessFactors import', () => {
  let server: RunningServer;
  let sap: http.Server;
  let base = '';
  let pages: Record<string, string> = {};

  const req = (id: number | null, title: string | null, city = 'Austin') => ({
    ...(id === null ? {} : { jobReqId: id }),
    city,
    stateProvince: 'TX',
    country: 'US',
    postalcode: '78701',
    department: 'Nursing',
    jobReqLocale: { results: title === null ? [] : [{ locale: 'en_US', jobTitle: title, externalJobDescription: `<p>${title}</p>` }] },
  });

  test.beforeAll(async () => {
    test.setTimeout(360_000); // a fresh server migrates and seeds the demo tenant: minutes on a busy 2-core machine
    sap = http.createServer((rq, res) => {
      const u = new URL(rq.url ?? '/', 'http://x');
      const ok = rq.headers.authorization === `Basic ${Buffer.from('e2e-api@ACMEHEALTH:sap-secret').toString('base64')}`;
      const body = pages[u.searchParams.get('$skiptoken') ?? 'first'];
      res.writeHead(!ok ? 401 : body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(ok && body ? body : '{}');
    });
    await new Promise<void>((r) => sap.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(sap.address() as AddressInfo).port}/odata/v2`;
    server = await startServer({ OUTBOUND_ALLOW: '127.0.0.1' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await new Promise((r) => sap?.close(r));
  });

  test('saves the connection, shows broken requisitions by row, then imports the jobs', async ({ page, request }) => {
    const admin = await apiLogin(request, ADMIN, undefined, server.baseURL);
    const client = (await (await request.get(`${server.baseURL}/api/client/get-by-slug?nameSlug=acme-health`, { headers: bearer(admin) })).json()) as {
      _id: string;
    };
    await signIn(page, ADMIN, undefined, server.baseURL);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.baseURL}/clients/${client._id}/integrations/sap`);
    const form = page.getByRole('form', { name: 'SAP SuccessFactors connection' });
    await expect(form).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import now' })).toBeDisabled();

    await form.getByLabel('OData API address').fill(base);
    await form.getByLabel('Company ID').fill('ACMEHEALTH');
    await form.getByLabel('API user name').fill('e2e-api');
    await form.getByLabel('API user password').fill('sap-secret');
    await form.getByRole('combobox', { name: 'Import automatically' }).click();
    await page.getByRole('option', { name: 'Once a day' }).click();
    await form.getByRole('button', { name: 'Save SAP connection' }).click();
    await expect(page.getByText('SAP SuccessFactors connection saved.')).toBeVisible();
    await expect(form.getByText('A password is stored. Leave empty to keep it.')).toBeVisible();

    // Two pages; the second has a requisition without a title and one without an id.
    pages = {
      first: JSON.stringify({ d: { results: [req(9101, 'SAP Charge Nurse'), req(9102, 'SAP Pharmacist')], __next: `${base}/JobRequisition?$skiptoken=2` } }),
      '2': JSON.stringify({ d: { results: [req(9103, null), req(null, 'No Id Therapist')] } }),
    };
    await page.getByRole('button', { name: 'Import now' }).click();
    const status = page.getByTestId('sap-import-status');
    await expect(status.getByTestId('sap-import-state')).toHaveText('Failed', { timeout: 30_000 });
    await expect(status).toContainText('Nothing was changed.');
    const errors = page.getByRole('table', { name: 'Requisitions with problems' });
    const rows = errors.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveText(/^3\s*The title is missing$/);
    await expect(rows.nth(1)).toContainText(/^4/);
    await expect(rows.nth(1)).toContainText(/reference number/i);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('sap-import-errors-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(errors).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('sap-import-errors-390.png'), fullPage: true });
    const none = (await (await request.get(`${server.baseURL}/api/search-jobs?nameSlug=acme-health&keywords=SAP`)).json()) as { totalCount: number };
    expect(none.totalCount).toBe(0);

    // Fixed in SAP: the three requisitions are imported.
    await page.setViewportSize({ width: 1280, height: 900 });
    pages = {
      first: JSON.stringify({ d: { results: [req(9101, 'SAP Charge Nurse'), req(9102, 'SAP Pharmacist')], __next: `${base}/JobRequisition?$skiptoken=2` } }),
      '2': JSON.stringify({ d: { results: [req(9103, 'SAP Physical Therapist', 'Round Rock')] } }),
    };
    await page.getByRole('button', { name: 'Import now' }).click();
    await expect(status.getByTestId('sap-import-state')).toHaveText('Finished', { timeout: 30_000 });
    await expect(status).toContainText('3 created, 0 updated from 3 requisitions');
    await expect(page.getByRole('table', { name: 'Requisitions with problems' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('sap-import-done-1280.png'), fullPage: true });
    const jobs = (await (await request.get(`${server.baseURL}/api/search-jobs?nameSlug=acme-health&keywords=SAP`)).json()) as {
      results: Array<{ title: string }>;
    };
    expect(jobs.results.map((j) => j.title).sort()).toEqual(['SAP Charge Nurse', 'SAP Pharmacist', 'SAP Physical Therapist']);
  });
});
