import { messages } from '@hh/contract/messages';
import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, bearer, expect, pauseSoon, signIn, test, unique, untilVisibleOnPausedClock, waitForMail } from '../support/fixtures.ts';
import { axeViolations } from '../support/axe.ts';

/** The axe violations in `selector`. */
async function seriousViolations(page: Page, selector = 'body') {
  await page.emulateMedia({ reducedMotion: 'reduce' }); // no page fade-in while colours are measured
  return axeViolations(page, { include: [selector] });
}

const shots = (name: string) => test.info().outputPath(`${name}.png`);

test('the team screen: bulk invite by pasting addresses; the invitee accepts, sets a password and lands signed in', async ({ page, browser }) => {
  test.setTimeout(180_000); // several pages and two extra browser contexts on a shared machine
  await signIn(page, 'recruiter@demo.test');
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
  await expect(page.getByTestId('team-member').filter({ hasText: 'staff@demo.test' })).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page, 'main')).toEqual([]);

  const a = `${unique('ann')}@e2e.test`;
  const b = `${unique('bob')}@e2e.test`;
  await page.getByRole('button', { name: 'Invite people' }).click();
  await page.getByLabel('Email addresses').fill(`${a}, \n Bob <${b}>`);
  await expect(page.getByText('2 addresses to invite')).toBeVisible();
  await page.getByRole('radio', { name: /^Customise/ }).check();
  await page.getByRole('combobox', { name: 'Wave role' }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText(messages.recruiting.invitationsSent)).toBeVisible();
  const pending = page.getByTestId('team-invitation');
  await expect(pending.filter({ hasText: a })).toContainText('Wave: Editor');
  await expect(pending.filter({ hasText: b })).toBeVisible();
  await page.screenshot({ path: shots('team-1280'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shots('team-390'), fullPage: true });

  // The invitee, in a browser of their own, follows the mailed link.
  const mail = await waitForMail(a);
  const link = new URL(mail.match(/https?:\/\/[^\s"<>]+\/user-invitation\?token=[^\s"<>]+/)?.[0] ?? '');
  const guest = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } })).newPage();
  await guest.goto(link.pathname + link.search);
  await expect(guest.getByRole('heading', { name: 'Join Acme Health' })).toBeVisible();
  await expect(guest.getByText(`Riley Recruiter invited ${a} to join Acme Health.`)).toBeVisible();
  expect(await seriousViolations(guest)).toEqual([]);
  await guest.screenshot({ path: shots('invitation-1280') });
  await guest.getByLabel(/^First name/).fill('Ann');
  await guest.getByLabel(/^Last name/).fill('Able');
  // The accept call's own schema checks the form as it is filled; the confirmation must match.
  await guest.getByLabel(/^Password \(8/).fill('short');
  await guest.getByLabel(/^Confirm password/).fill('different');
  await guest.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(guest.getByText('Password must be 8 to 128 characters')).toBeVisible();
  await guest.getByLabel(/^Password \(8/).fill('ann-password-1');
  await guest.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(guest.getByText('The passwords do not match')).toBeVisible();
  await guest.getByLabel(/^Confirm password/).fill('ann-password-1');
  await guest.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(guest.getByTestId('user-menu')).toBeVisible();
  await expect(guest).toHaveURL(/\/$/);
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.goto(link.pathname + link.search); // signed in: a guest page sends home
  await expect(guest).toHaveURL(/\/$/);
  await guest.context().close();

  // The used link is refused with a clear message.
  const fresh = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 } })).newPage();
  fresh.on('console', () => undefined);
  await fresh.goto(link.pathname + link.search);
  await expect(fresh.getByTestId('invitation-error')).toContainText('invalid, has expired or was already used');
  await fresh.screenshot({ path: shots('invitation-used-390') });
  await fresh.context().close();

  // The recruiter sees Ann as a member now; Bob's invitation is revoked from the screen.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByTestId('team-member').filter({ hasText: a })).toContainText('Wave: Editor', { timeout: 30_000 });
  await page.getByRole('button', { name: `Revoke the invitation to ${b}` }).click();
  await expect(page.getByText(messages.recruiting.invitationsUpdated)).toBeVisible();
  await expect(page.getByTestId('team-invitation').filter({ hasText: b })).toHaveCount(0);
});

test('suspending a member from the team screen ends their session at once', async ({ page, request, browser, consoleAllow }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, ADMIN);
  const clients = await (await request.get('/api/client', { headers: bearer(admin) })).json();
  const acme = clients.results.find((c: { nameSlug: string }) => c.nameSlug === 'acme-health');
  const email = `${unique('sus')}@e2e.test`;
  const created = await request.post('/api/user/create', {
    headers: bearer(admin),
    data: {
      email,
      password: 'member-password-1',
      userTypeGlobal: 'user',
      company: { companyInfo: acme._id },
      basicInfo: { firstName: 'Sam', lastName: 'Suspended' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const member = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  member.on('console', () => undefined); // the member's 403s are expected
  await signIn(member, email, 'member-password-1');
  // The member's session check runs every 30 s (ACCESS_TOKEN_CHECK_INTERVAL's default) on Playwright's
  // clock, paused while the recruiter works: the test fires it once after the suspension, so the logout it
  // causes cannot happen unseen before the assertion (a busy machine once let it run, then a reload lost the toast).
  await member.clock.install();
  await member.goto('/');
  await expect(member.getByTestId('user-menu')).toBeVisible();
  await pauseSoon(member, 5_000);

  consoleAllow.push(/status of 403/);
  await signIn(page, 'recruiter@demo.test');
  await page.goto('/team');
  const row = page.getByTestId('team-member').filter({ hasText: email });
  await row.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText(messages.recruiting.teamMemberUpdated)).toBeVisible();
  await expect(row).toContainText('Suspended');

  // The member's next session check is refused; the portal logs them out with the server's message.
  const check = member.waitForResponse((r) => r.url().endsWith('/api/user/fetch-logged-in'));
  await member.clock.runFor(30_000);
  expect((await check).status()).toBe(403);
  await expect(member).toHaveURL(/\/login$/);
  await untilVisibleOnPausedClock(member, member.getByText(messages.server.userSuspended).first());
  await member.context().close();
});

test('the invite form checks the addresses with the contract rule before sending anything', async ({ page }) => {
  await signIn(page, 'recruiter@demo.test');
  await page.goto('/team');
  await page.getByRole('button', { name: 'Invite people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite people' });
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/user-invitation/create')) sent.push(r.url());
  });
  // The paste parser takes it for an address; the contract's email rule (a top-level domain of two letters or more) does not.
  await dialog.getByLabel('Email addresses').fill('ann@example.c');
  await expect(dialog.getByText('1 address to invite')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(dialog.getByText('Email is not valid')).toBeVisible();
  await expect(dialog.getByLabel('Email addresses')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await dialog.getByLabel('Email addresses').fill(`${unique('cara')}@e2e.test`);
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText(messages.recruiting.invitationsSent)).toBeVisible();
  expect(sent).toHaveLength(1);
});

test('invite with a described preset; every address that cannot be invited is listed with the reason; axe at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'recruiter@demo.test');
  await page.goto('/team');
  await page.getByRole('button', { name: 'Invite people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite people' });
  // The dialog's close button has a name (axe button-name, critical).
  await expect(dialog.getByRole('button', { name: 'Close the invite dialog' })).toBeVisible();

  const hm = `${unique('hm')}@e2e.test`;
  await dialog.getByLabel('Email addresses').fill(`${hm}, bad-address, x@@y.com, pat@nowhere`);
  // Nothing is dropped silently: one can be invited, three cannot, each with its reason.
  await expect(dialog.getByTestId('invite-count')).toContainText('1 address to invite; 3 cannot be invited');
  const refused = dialog.getByTestId('invalid-addresses');
  await expect(refused).toContainText('bad-address: not an email address');
  await expect(refused).toContainText('x@@y.com: has more than one @');
  await expect(refused).toContainText('pat@nowhere: the part after the @ is not a domain such as example.com');
  await expect(dialog.getByRole('button', { name: 'Send invitations' })).toBeDisabled();

  // Presets are described in one sentence each and set the five product roles.
  await expect(dialog.getByRole('radio', { name: /^Hiring manager/ })).toBeVisible();
  await expect(dialog.getByText('Reads jobs and requisitions and works with their candidates; changes no settings.')).toBeVisible();
  await dialog.getByRole('radio', { name: /^Hiring manager/ }).check();
  await expect(dialog.getByTestId('preset-roles')).toHaveText('Harvest: Member, Cultivate: Member');
  await dialog.getByRole('radio', { name: /^Recruiter/ }).check();
  await expect(dialog.getByTestId('preset-roles')).toHaveText('Harvest: Editor, Harvest Plus: Editor, Cultivate: Editor, Wave: Member, Motivator: Member');
  // "Customise" shows each product with what it covers and what each level allows.
  await dialog.getByRole('radio', { name: /^Customise/ }).check();
  await expect(dialog.getByRole('combobox', { name: 'Harvest Plus role' })).toHaveValue('Editor');
  await expect(dialog.getByText('Job ads on paid channels: the media planner and Indeed Apply.')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'What each role allows' })).toContainText('Also manages the product for the client: reviews and publishing.');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.screenshot({ path: shots('invite-presets-1280') });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.screenshot({ path: shots('invite-presets-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back to a preset; with the bad addresses removed the invitation goes out with the preset's roles.
  await dialog.getByRole('radio', { name: /^Hiring manager/ }).check();
  await dialog.getByLabel('Email addresses').fill(hm);
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText(messages.recruiting.invitationsSent)).toBeVisible();
  // The pending invitation, as the server stored it, has the preset's roles.
  await expect(page.getByTestId('team-invitation').filter({ hasText: hm })).toContainText('Harvest: Member, Cultivate: Member');
});

test("user management is one place: /admin and /recruiter-management open the team screen's views", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/team\?view=users$/);
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All users' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await page.goto('/recruiter-management');
  await expect(page).toHaveURL(/\/team\?view=recruiters$/);
  await expect(page.getByRole('tab', { name: 'Recruiters' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('cell', { name: 'recruiter@demo.test' })).toBeVisible();
  await page.getByRole('tab', { name: "This client's team" }).click();
  await expect(page.getByTestId('team-member').first()).toBeVisible();
  // The mail outbox keeps its address.
  await page.goto('/admin?tab=outbox');
  await expect(page.getByRole('heading', { name: 'Mail outbox', exact: true })).toBeVisible();
});
