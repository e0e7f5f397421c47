import { axeViolations } from '../support/axe.ts';
import { ADMIN, apiLogin, bearer, expect, test, unique } from '../support/fixtures.ts';

/** The career site in the browser: the search, job and meet-the-team pages of the demo career site as a job seeker on a phone. */
const SLUG = 'acme-health';
const UTM = 'utm_source=careersite&utm_medium=organic';
const PHONE = { width: 390, height: 844 };
const SHOTS = 'test-results/career-site';

// A document answered 4xx on purpose (the apply form's errors, a closed job) logs "Failed to load resource".
test.use({ consoleAllow: [/status of 4(00|04|10)/] });

async function firstJobUrl(request: import('@playwright/test').APIRequestContext, keywords = ''): Promise<string> {
  const r = await request.get(`/api/search-jobs?nameSlug=${SLUG}&pageSize=1${keywords ? `&keywords=${keywords}` : ''}`);
  return ((await r.json()) as { results: { url: string }[] }).results[0].url;
}

test('at 390 px the search page shows a compact search bar, a Filters button and the first results on the first screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/${SLUG}/search-page?v=acmehealth&${UTM}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs at Acme Health' })).toBeVisible();
  await expect(page.getByLabel('Keywords')).toBeVisible();
  // Filters wait behind a button.
  await expect(page.getByLabel('Department')).toBeHidden();
  const filters = page.locator('summary', { hasText: 'Filters' });
  await expect(filters).toBeVisible();
  const first = page.locator('ul.results-list li').first();
  const box = await first.boundingBox();
  expect(box, 'first result laid out').not.toBeNull();
  expect((box?.y ?? 9999) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
  await page.screenshot({ path: `${SHOTS}/search-390.png` });
  await filters.click();
  await expect(page.getByLabel('Department')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('at 390 px a job page shows the title, key facts and an Apply button that stays in reach and jumps to the form; Meet your team loads no video', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const videoRequests: string[] = [];
  page.on('request', (r) => {
    if (/\.mp4(\?|$)/.test(r.url())) videoRequests.push(r.url());
  });
  await page.goto(`${await firstJobUrl(request, 'nurse')}?${UTM}`);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toBeInViewport();
  await expect(page.getByRole('list', { name: 'Key facts' })).toBeInViewport();
  const apply = page.locator('.apply-bar a', { hasText: 'Apply now' });
  await expect(apply).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/job-390.png` });
  // Scroll into the job text: the button is still there.
  await page.mouse.wheel(0, 900);
  await expect(page.getByRole('heading', { name: 'About the job' })).not.toBeInViewport({ ratio: 1 });
  await expect(apply).toBeInViewport({ ratio: 1 });
  const team = page.getByRole('heading', { level: 2, name: 'Meet your team' });
  await expect(team).toBeAttached();
  for (const preload of await page.locator('.team-inline video').evaluateAll((vs) => vs.map((v) => v.getAttribute('preload')))) expect(preload).toBe('none');
  await apply.click();
  await expect(page.locator('form#apply')).toBeInViewport();
  await expect(page.getByLabel('First name *')).toBeFocused();
  await expect(page).toHaveURL(/#apply$/);
  expect(videoRequests, 'no video loads before it is played').toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
});

test('after a failed submit the apply form keeps what was typed and the resume, focuses the first error and marks it', async ({ page, request }) => {
  await page.goto(`${await firstJobUrl(request, 'nurse')}?${UTM}`);
  await page.getByLabel('First name *').fill('Casey');
  await page.getByLabel('Last name *').fill('Candidate');
  // The browser accepts this address; the server does not (no domain part with a dot).
  await page.getByLabel('Email *').fill('casey@localhost');
  await page
    .getByLabel(/^Resume/)
    .setInputFiles({ name: 'casey.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% Casey Candidate resume\n%%EOF\n') });
  await page.getByRole('button', { name: 'Submit application' }).click();
  const email = page.getByLabel('Email *');
  await expect(page.getByRole('alert')).toContainText('Email:');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/valid email/i);
  await expect(page.getByLabel('First name *')).toHaveValue('Casey');
  await expect(page.getByLabel('Last name *')).not.toHaveAttribute('aria-invalid', 'true');
  // Chromium lets the page put the file back: the note says so.
  await expect(page.locator('#resume-note')).toHaveText('We kept your resume (casey.pdf). Choose another file to replace it.');
  expect(await page.locator('#resume').evaluate((i: HTMLInputElement) => i.files?.[0]?.name)).toBe('casey.pdf');
  await page.screenshot({ path: `${SHOTS}/apply-errors.png`, fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
});

test('a closed job answers 410 and an unknown one 404, with the site 404 template: search box and similar open jobs', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const client = (await (await request.get(`/api/client/get-by-slug?nameSlug=${SLUG}`)).json()) as { _id: string };
  const made = await request.post('/api/job/create', {
    headers: bearer(admin),
    data: { clientId: client._id, title: unique('Night Nurse'), zipCode: '78701' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const job = (await made.json()) as { _id: string; url: string };
  const closed = await request.post('/api/job/bulk-close', { headers: bearer(admin), data: { clientId: client._id, jobIds: [job._id] } });
  expect(closed.status(), await closed.text()).toBeLessThan(300);
  const gone = await page.goto(`${job.url}?${UTM}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1, name: 'This job is no longer available' })).toBeVisible();
  await expect(page.getByRole('search', { name: 'Search jobs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Similar open jobs' })).toBeVisible();
  expect(await page.locator('meta[name=robots]').getAttribute('content')).toBe('noindex');
  const missing = await page.goto(`/${SLUG}/job/a/b/c/acmehealth/00000000-0000-4000-8000-000000000000?${UTM}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This job could not be found' })).toBeVisible();
});

for (const viewport of [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
]) {
  test(`meet-the-team uses its settings and links each department to its open jobs (${viewport.name} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/meet-the-team/${SLUG}?utm_source=careersite`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Nursing' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/team-${viewport.name}.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: /open jobs? in Nursing/ }).click();
    await expect(page).toHaveURL(/\/search-page\?.*departmentId=/);
    await expect(page).toHaveURL(/utm_source=careersite/);
    await expect(page.getByRole('heading', { level: 2, name: /jobs in Nursing$/ })).toBeVisible();
    const metas = await page.locator('ul.results-list li .meta').allTextContents();
    expect(metas.length).toBeGreaterThan(0);
    for (const m of metas) expect(m).toContain('Nursing');
  });
}
