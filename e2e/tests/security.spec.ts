import pg from 'pg';
import { ADMIN, apiLogin, bearer, expect, signIn, test } from '../support/fixtures.ts';

const SLUG = 'acme-health';

/**
 * Issue 9 finding 1: a job whose apply link was forced into the database as `javascript:` (bypassing
 * the API's URL rule) renders an Apply button that runs nothing, even for a visitor signed in to the portal.
 */
test('a javascript: apply link stored in the database runs nothing when clicked', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  const client = (await (await request.get(`/api/client/get-by-slug?nameSlug=${SLUG}`)).json()) as { _id: string };
  const created = await request.post('/api/job/create', {
    headers: bearer(admin),
    data: { clientId: client._id, title: 'Security Test Porter', applyUrl: 'https://ats.example/apply' },
  });
  expect(created.status()).toBe(201);
  const job = (await created.json()) as { _id: string; url: string };
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query('UPDATE jobs SET apply_url = $1 WHERE client_id = $2 AND id = $3', [
      'java\tscript:fetch("/api/user/fetch-logged-in").then(()=>{window.__pwned=1;document.title="pwned"})',
      client._id,
      job._id,
    ]);
  } finally {
    await db.end();
  }

  await signIn(page, ADMIN); // signed in to the portal, as in the reported attack
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.goto(job.url);
  const apply = page.getByRole('link', { name: 'Apply now' });
  await expect(apply).toBeVisible();
  await expect(apply).toHaveAttribute('href', '#');
  await apply.click();
  // Still the same job page (its tracking query kept), at most with an empty fragment.
  await expect(page).toHaveURL(new RegExp(`${job._id}(\\?[^#]*)?#?$`));
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.title()).not.toBe('pwned');
  expect(dialogs).toBe(0);
});
