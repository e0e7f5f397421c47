import type { Browser, Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { ADMIN, apiLogin, bearer, expect, signIn, test, unique, waitForMail } from '../support/fixtures.ts';

/**
 * Interviews and feedback: a recruiter plans a job's interviews on the job's Interview plan tab and asks
 * two interviewers for feedback; each gets an email with the link to the scorecard; the second cannot
 * see the first's card until they have submitted their own (the bias control); the recruiter then sees
 * both cards and the aggregate in the candidate drawer. axe finds nothing on the plan, scorecard and
 * My interviews screens at 1280 and 390 px, and each is photographed at both widths.
 */
const SLUG = 'acme-health';
const PASSWORD = 'interviewer-password-1';
const shots = process.env.E2E_OUTPUT_DIR ?? 'test-results';

async function axeClean(page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/interviews-${name}-${width}.png`, fullPage: true });
  // The whole page, the shell's header and any toast included.
  expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
  // The page itself never scrolls sideways (a long badge or name wraps instead).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * Counts React's commits through the devtools hook (React calls it in production builds too), so a
 * screen that keeps re-rendering after its data has arrived is caught.
 */
async function countCommits(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __commits: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
    w.__commits = 0;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      onCommitFiberRoot: () => {
        w.__commits++;
      },
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
      checkDCE: () => {},
    };
  });
}
const commits = (page: Page) => page.evaluate(() => (window as unknown as { __commits: number }).__commits);
/** The screen is at rest: two successive reads, some time apart, see the same number of React commits. */
async function settled(page: Page, what: string) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const n = await commits(page);
        const same = n === last;
        last = n;
        return same;
      },
      { message: `${what} keeps re-rendering`, intervals: [300, 600, 1000], timeout: 20_000 },
    )
    .toBe(true);
}

async function asUser(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  // An interviewer without candidate rights: the shell's panels for other products are refused (403, and
  // the browser logs it); none of the interviews calls may be.
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(new URL(r.url()).pathname);
  });
  await signIn(page, email, PASSWORD);
  return { page, errors, refused, close: () => context.close() };
}

async function rate(page: Page, attribute: string, rating: string) {
  await page.getByRole('radio', { name: `${attribute}: ${rating}`, exact: true }).click();
}

test('a recruiter plans interviews; two interviewers submit scorecards (the second sees the first only after submitting); the recruiter sees both', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = bearer(await apiLogin(request, ADMIN));
  const clientId = ((await (await request.get(`/api/client/get-by-slug?nameSlug=${SLUG}`)).json()) as { _id: string })._id;

  // Two client users without candidate rights: they see only what they interview.
  const people: { id: string; email: string; first: string }[] = [];
  for (const first of ['Ivy', 'Jon']) {
    const email = `${unique(first.toLowerCase())}@e2e.test`;
    const res = await request.post('/api/user/create', {
      headers: admin,
      data: { email, password: PASSWORD, basicInfo: { firstName: first, lastName: 'Interviewer' }, userTypeGlobal: 'user', company: { companyInfo: clientId } },
    });
    expect(res.status(), await res.text()).toBe(201);
    const body = (await res.json()) as { _id?: string; user?: { _id: string } };
    people.push({ id: (body._id ?? body.user?._id) as string, email, first });
  }
  const [ivy, jon] = people;

  // An application of the demo client, and its job.
  const apps = (await (await request.get(`/api/crm/applications?clientId=${clientId}&pageSize=5`, { headers: admin })).json()) as {
    results: { _id: string; candidateId: string; jobId: string; firstName: string; lastName: string }[];
  };
  const app = apps.results[0];
  const candidate = `${app.firstName} ${app.lastName}`;

  // The recruiter (admin) opens the job and its Interview plan tab, and plans the interviews.
  await countCommits(page);
  await signIn(page, ADMIN);
  await page.goto(`/harvest/jobs/${app.jobId}`);
  await page.getByRole('navigation', { name: 'Job' }).getByRole('link', { name: 'Interview plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/harvest/jobs/${app.jobId}/interview-plan$`));
  await expect(page.getByRole('heading', { name: 'Interviews', exact: true })).toBeVisible();
  await expect(page.getByText('No interviews yet.')).toBeVisible();
  await settled(page, 'The empty interview plan');
  await page.getByRole('button', { name: 'Add an interview' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Clinical panel');
  await page.getByRole('textbox', { name: 'Duration (minutes)' }).fill('60');
  const panel = page.getByRole('combobox', { name: 'Interviewers' });
  for (const p of [ivy, jon]) {
    await panel.click();
    await page.getByRole('option', { name: new RegExp(p.email.replace(/[.+]/g, '\\$&')) }).click();
  }
  await page.keyboard.press('Escape');
  // The two form a round-robin pool: each booking takes one of them.
  const pool = page.getByRole('combobox', { name: 'Round-robin pool' });
  for (const p of [ivy, jon]) {
    await pool.click();
    await page.getByRole('option', { name: new RegExp(p.email.replace(/[.+]/g, '\\$&')) }).click();
  }
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Focus' }).fill('Triage under pressure');
  await page.getByRole('textbox', { name: 'Questions' }).fill('Tell us about a code blue.\nHow do you hand over a shift?');
  await page.getByRole('textbox', { name: 'What good looks like' }).fill('Calm, structured answers with examples');
  await page.getByRole('button', { name: 'Add to Skills' }).click();
  await page.getByRole('textbox', { name: 'Skills attribute 1' }).fill('Triage');
  await page.getByRole('button', { name: 'Add to Traits' }).click();
  await page.getByRole('textbox', { name: 'Traits attribute 1' }).fill('Composure');
  await page.getByRole('button', { name: 'Save interview plan' }).click();
  await expect(page.getByText('Interview plan saved.')).toBeVisible();

  // Opened again with the saved plan in it, the editor shows it and comes to rest.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Clinical panel');
  await expect(page.getByRole('textbox', { name: 'Traits attribute 1' })).toHaveValue('Composure');
  await expect(page.getByTestId('plan-interview')).toContainText('Ivy Interviewer');
  const saved = await (await request.get(`/api/jobs/${app.jobId}/interview-plan?clientId=${clientId}`, { headers: admin })).json();
  expect(saved.interviews[0].poolIds.sort()).toEqual([ivy.id, jon.id].sort());
  await settled(page, 'The interview plan editor with a saved plan');
  for (const w of [1280, 390]) await axeClean(page, w, 'plan');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Asking for feedback emails both interviewers a link to the scorecard.
  const asked = await request.post(`/api/applications/${app._id}/feedback-requests`, { headers: admin, data: { clientId } });
  expect(asked.status(), await asked.text()).toBe(200);
  const ivyMail = await waitForMail(ivy.email);
  const link = ivyMail.match(/https?:\/\/[^\s"<>]+\/interviews\/[0-9a-f-]{36}\/[0-9a-f-]{36}/)?.[0];
  expect(link).toBeTruthy();
  const path = new URL(link as string).pathname;
  const jonMail = await waitForMail(jon.email);
  expect(jonMail).toContain(path);

  // Ivy: My interviews lists the candidate; her scorecard, submitted.
  const I = await asUser(browser, ivy.email);
  await I.page.goto('/interviews');
  await expect(I.page.getByRole('heading', { name: 'To submit (1)' })).toBeVisible();
  for (const w of [1280, 390]) await axeClean(I.page, w, 'my-interviews');
  await I.page.setViewportSize({ width: 1280, height: 900 });
  await I.page.getByRole('link', { name: candidate }).click();
  await expect(I.page).toHaveURL(new RegExp(`${path}$`));
  await expect(I.page.getByText('Triage under pressure')).toBeVisible();
  await expect(I.page.getByTestId('hidden-reason')).toBeVisible();
  await rate(I.page, 'Triage', 'Strong yes');
  await rate(I.page, 'Composure', 'Yes');
  await rate(I.page, 'Overall recommendation', 'Strong yes');
  await I.page.getByRole('textbox', { name: 'Notes' }).fill('Ivy: excellent triage, calm throughout');
  await I.page.getByRole('button', { name: 'Submit scorecard' }).click();
  await expect(I.page.getByText('Scorecard submitted.')).toBeVisible();
  await expect(I.page.getByTestId('scorecard-card')).toHaveCount(1);

  // Jon, from his email's link: Ivy's card is hidden, and why; the aggregate too.
  const J = await asUser(browser, jon.email);
  await J.page.goto(path);
  await expect(J.page.getByRole('heading', { name: `Scorecard: ${candidate}` })).toBeVisible();
  await expect(J.page.getByTestId('hidden-reason')).toContainText('hidden until you submit your own');
  await expect(J.page.getByText('Ivy: excellent triage')).toHaveCount(0);
  await expect(J.page.getByTestId('pending')).toContainText('Jon Interviewer');
  await expect(J.page.getByTestId('pending')).not.toContainText('Ivy Interviewer');
  // The form's own rule: no recommendation, no submission.
  await J.page.getByRole('button', { name: 'Submit scorecard' }).click();
  await expect(J.page.getByText('Choose Strong no, No, Yes or Strong yes')).toBeVisible();
  for (const w of [1280, 390]) await axeClean(J.page, w, 'scorecard');
  await J.page.setViewportSize({ width: 1280, height: 900 });
  await rate(J.page, 'Triage', 'No');
  await rate(J.page, 'Composure', 'Yes');
  await rate(J.page, 'Overall recommendation', 'No');
  await J.page.getByRole('textbox', { name: 'Notes' }).fill('Jon: unsure about ICU experience');
  await J.page.getByRole('button', { name: 'Submit scorecard' }).click();
  await expect(J.page.getByText('Scorecard submitted.')).toBeVisible();
  // Now both cards and the aggregate show.
  await expect(J.page.getByText('Ivy: excellent triage, calm throughout')).toBeVisible();
  await expect(J.page.getByTestId('scorecard-card')).toHaveCount(2);
  await expect(J.page.getByTestId('hidden-reason')).toHaveCount(0);
  await expect(J.page.getByRole('img', { name: 'Triage: 1 No, 1 Strong yes' })).toBeVisible();
  for (const w of [1280, 390]) await axeClean(J.page, w, 'scorecard-after');

  // Jon's My interviews: submitted.
  await J.page.goto('/interviews');
  await expect(J.page.getByTestId('my-interview')).toContainText('Submitted');

  // The recruiter opens the application from the job's board: both cards and the aggregate, nobody pending.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/harvest/jobs/${app.jobId}?candidate=${app.candidateId}`);
  await expect(page.getByRole('dialog', { name: candidate })).toBeVisible();
  // The candidate has this one application, so the drawer holds one feedback panel.
  const feedback = page.getByTestId('scorecards-panel');
  await expect(feedback.getByTestId('scorecard-card')).toHaveCount(2);
  await expect(feedback).toContainText('Ivy: excellent triage, calm throughout');
  await expect(feedback).toContainText('Jon: unsure about ICU experience');
  // Each card lists its ratings in the scorecard's order: Skills before Traits.
  await expect(feedback.getByTestId('scorecard-card').filter({ hasText: 'Ivy Interviewer' })).toContainText('Triage: Strong yes · Composure: Yes');
  await expect(feedback.getByRole('img', { name: 'Overall recommendation: 1 No, 1 Strong yes' })).toBeVisible();
  await expect(feedback).toContainText('Nobody is waiting to submit.');
  for (const w of [1280, 390]) {
    await page.setViewportSize({ width: w, height: 900 });
    await feedback.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/interviews-drawer-${w}.png` });
    expect(await axeViolations(page, { include: ['[data-testid="scorecards-panel"]'] }), `the drawer's feedback at ${w} px`).toEqual([]);
  }

  // The job board's card under the drawer: the two recommendations' average (Strong yes 4, No 2), nobody awaited.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Escape');
  const card = page.getByTestId('board-card').filter({ hasText: candidate });
  await expect(card).toContainText('Rating 3.0 of 4');
  await expect(card).not.toContainText('Awaiting feedback');

  for (const u of [I, J]) {
    expect(
      u.refused.filter((p) => /interview|scorecard/.test(p)),
      `refused: ${u.refused.join(', ')}`,
    ).toEqual([]);
    expect(
      u.errors.filter((e) => !/status of 403/.test(e)),
      'unexpected browser console errors',
    ).toEqual([]);
    console.log(`refused for an interviewer: ${[...new Set(u.refused)].join(', ')}`);
    await u.close();
  }
});
