import { ADMIN, bearer, expect, signIn, test, unique } from '../support/fixtures.ts';

/**
 * Career-site fonts in the browser (decision 0030): the design's fonts are really loaded. Chromium fetches them from our own
 * host under the CSP (a blocked font is a console error, which fails the test), and the portal's
 * design form draws each font option, and its sample, in that font.
 */
test('a published page loads its heading and body fonts, and the design form shows each font in its face', async ({ page, request }) => {
  const admin = await signIn(page, ADMIN);
  const headers = bearer(admin);
  const subscriptions = { harvest: true, wave: false, motivator: false, cultivate: false, harvestPlus: false, media: false };
  const created = await request.post('/api/client/create', { headers, data: { name: unique('Fonts'), subscriptions } });
  expect(created.status(), await created.text()).toBe(201);
  const client = (await created.json()) as { _id: string; nameSlug: string };
  const template = await request.post('/api/page-templates/create', { headers, data: { clientId: client._id, fromDefaults: ['Home'] } });
  expect(template.status(), await template.text()).toBe(201);
  const templateId = ((await template.json()) as { _id: string })._id;
  const design = await request.post('/api/page-design-options/create', {
    headers,
    data: { clientId: client._id, templateId, activeDesign: { headingFont: 'Poppins', bodyFont: 'Lato' } },
  });
  expect(design.status(), await design.text()).toBe(201);
  expect((await request.post('/api/published-page-templates', { headers, data: { clientId: client._id, templateId, pageName: 'Home' } })).status()).toBe(201);

  await page.goto(`/${client.nameSlug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const loaded = async () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family.replaceAll('"', '')} ${f.weight}`);
    });
  await expect.poll(loaded).toEqual(expect.arrayContaining(['Lato 400', 'Poppins 700']));
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Lato"?,/);

  // The portal: each option in its own face, the sample in the chosen fonts.
  await page.addInitScript((id) => localStorage.setItem('selectedClientId', id), client._id);
  await page.goto('/harvest/editor');
  const sample = page.getByTestId('font-sample');
  await expect(sample).toContainText('The quick brown fox');
  await page.getByRole('combobox', { name: 'Body font' }).click();
  const option = page.getByRole('option', { name: 'Montserrat (close to Gotham)' });
  await expect(option).toBeVisible();
  await expect(option.locator('span')).toHaveCSS('font-family', /^"?Montserrat"?,/);
  await option.click();
  const body = sample.getByText('The quick brown fox');
  await expect(body).toHaveCSS('font-family', /^"?Montserrat"?,/);
  await expect.poll(loaded).toEqual(expect.arrayContaining(['Montserrat 400']));
});
