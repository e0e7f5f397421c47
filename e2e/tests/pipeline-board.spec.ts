import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, apiLogin, bearer, expect, type LoginBody, signIn, test } from '../support/fixtures.ts';
import { axeViolations } from '../support/axe.ts';

/**
 * A job's board as the recruiter uses it: a card dragged to the next stage, another moved with the
 * keyboard alone (move button, arrow, space) with the move said in words, a move someone else made
 * meanwhile refused (the card goes back and the server's words show), the shortcuts, the phone
 * width's stage selector, and no serious axe findings at 1280 and 390 px.
 * With SHOTS_DIR set, screenshots are written there for review.
 */
interface App {
  _id: string;
  candidateName: string;
  jobId: string;
  stageId: string | null;
}
interface Stage {
  _id: string;
  name: string;
}

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
}

/** The demo client, and the job with the most applications in its first stage (at least `least`). */
async function demoJob(request: APIRequestContext, admin: LoginBody, least: number) {
  const clients = (await (await request.get('/api/client?search=Acme', { headers: bearer(admin) })).json()) as {
    results: Array<{ _id: string; nameSlug: string }>;
  };
  const clientId = clients.results.find((c) => c.nameSlug === 'acme-health')!._id;
  const res = await request.get(`/api/applications?clientId=${clientId}&outcome=active&limit=500`, { headers: bearer(admin) });
  expect(res.status(), await res.text()).toBe(200);
  const apps = ((await res.json()) as { results: App[] }).results;
  const jobIds = [...new Set(apps.map((a) => a.jobId))];
  let best: { jobId: string; stages: Stage[]; first: App[] } | null = null;
  for (const jobId of jobIds) {
    const p = await request.get(`/api/jobs/${jobId}/pipeline?clientId=${clientId}`, { headers: bearer(admin) });
    const stages = ((await p.json()) as { stages: Stage[] }).stages;
    const first = apps.filter((a) => a.jobId === jobId && a.stageId === stages[0]._id);
    if (!best || first.length > best.first.length) best = { jobId, stages, first };
  }
  expect(best?.first.length ?? 0, `a demo job with ${least} applications in its first stage`).toBeGreaterThanOrEqual(least);
  return { clientId, ...best! };
}

const column = (page: Page, stage: string) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);
const card = (page: Page, name: string) => page.getByTestId('board-card').filter({ has: page.getByRole('button', { name, exact: true }) });

/** Drags with the mouse in small steps (the board starts a drag after 6 px, so a click stays a click). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height - 8);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(a.x + a.width / 2 + ((b.x + b.width / 2 - a.x - a.width / 2) * i) / 12, a.y + 40 + ((b.y + 80 - a.y - 40) * i) / 12);
  await page.mouse.up();
}

test('the recruiter drags a card, moves one by keyboard, and a stale move comes back with the reason', async ({ page, request, consoleAllow }) => {
  test.setTimeout(240_000);
  // The refused move (409) is logged by the browser as a failed resource; the board shows it in words.
  consoleAllow.push(/status of 409/);
  const admin = await apiLogin(request, ADMIN);
  const { clientId, jobId, stages, first } = await demoJob(request, admin, 3);
  const [applied, next, third] = stages;
  const stageOf = async (id: string) => {
    const r = await request.get(`/api/applications?clientId=${clientId}&jobId=${jobId}&limit=500`, { headers: bearer(admin) });
    return ((await r.json()) as { results: App[] }).results.find((a) => a._id === id)?.stageId;
  };
  await signIn(page, ADMIN);
  await page.goto(`/harvest/jobs/${jobId}`);
  // The first screen after the server starts can take a while on a busy machine.
  await expect(page.getByTestId('board-column')).toHaveCount(stages.length, { timeout: 60_000 });
  await expect(column(page, applied.name).getByTestId('column-title')).toContainText(applied.name);
  await expect(card(page, first[0].candidateName)).toBeVisible();
  await shot(page, 'board-1280');
  expect(await axeViolations(page)).toEqual([]);

  // 1. Drag and drop with the mouse.
  const dragged = first[0];
  await drag(page, card(page, dragged.candidateName), column(page, next.name));
  await expect(column(page, next.name).getByRole('button', { name: dragged.candidateName, exact: true })).toBeVisible();
  await expect(page.getByTestId('board-status')).toHaveText(`Moved ${dragged.candidateName} to ${next.name}.`);
  await expect.poll(() => stageOf(dragged._id)).toBe(next._id);

  // 2. The keyboard alone: the move button picks the card up, the right arrow goes to the next stage, space drops it.
  const keyed = first[1];
  await page.getByRole('button', { name: `Move ${keyed.candidateName}`, exact: true }).focus();
  await page.keyboard.press('Space');
  // dnd-kit's live region says where the card is, in words (each step replaces the one before).
  await expect(page.getByRole('status').filter({ hasText: `${keyed.candidateName} is over ${applied.name}.` })).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('status').filter({ hasText: `${keyed.candidateName} is over ${next.name}.` })).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('board-status')).toHaveText(`Moved ${keyed.candidateName} to ${next.name}.`);
  await expect(column(page, next.name).getByRole('button', { name: keyed.candidateName, exact: true })).toBeVisible();
  await expect.poll(() => stageOf(keyed._id)).toBe(next._id);

  // 3. Someone else moves a card the board still shows in the first stage; moving it here is refused.
  const stale = first[2];
  const other = await request.patch(`/api/applications/${stale._id}/stage`, { headers: bearer(admin), data: { clientId, stageId: third._id } });
  expect(other.status(), await other.text()).toBe(200);
  await page.getByRole('button', { name: `Move ${stale.candidateName}`, exact: true }).focus();
  // Each key waits for the board to have taken the one before (a busy machine once lost the arrow).
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: `${stale.candidateName} is over ${applied.name}.` })).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('status').filter({ hasText: `${stale.candidateName} is over ${next.name}.` })).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('board-error')).toContainText(
    `${stale.candidateName} was not moved: Someone moved this application to ${third.name} a moment ago.`,
  );
  // The card is where the server has it now, not where it was dropped.
  await expect(column(page, third.name).getByRole('button', { name: stale.candidateName, exact: true })).toBeVisible();
  await expect(column(page, next.name).getByRole('button', { name: stale.candidateName, exact: true })).toHaveCount(0);
  expect(await stageOf(stale._id)).toBe(third._id);
  await shot(page, 'board-409-1280');

  // 4. Shortcuts: j focuses a card, ? lists the shortcuts; clicking a name opens the candidate.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('j');
  await expect(page.locator('[data-card-name]:focus')).toHaveCount(1);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Board shortcuts' });
  await expect(help.getByRole('row', { name: /^a Advance/ })).toBeVisible();
  await expect(help.getByRole('row', { name: /^r Reject/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await column(page, next.name).getByRole('button', { name: dragged.candidateName, exact: true }).click();
  await expect(page.getByRole('dialog', { name: dragged.candidateName })).toBeVisible();
});

test('at a phone width the board is a stage selector over one list, kept in the address', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request, ADMIN);
  const { jobId, stages, first } = await demoJob(request, admin, 1);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await page.goto(`/harvest/jobs/${jobId}`);
  const selector = page.getByRole('combobox', { name: 'Stage' });
  await expect(selector).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('board-column')).toHaveCount(0);
  await expect(selector.locator('option')).toHaveCount(stages.length);
  await expect(card(page, first[0].candidateName)).toBeVisible();
  await shot(page, 'board-390');
  expect(await axeViolations(page)).toEqual([]);
  await selector.selectOption({ index: stages.length - 1 });
  await expect(page).toHaveURL(new RegExp(`stageId=${stages[stages.length - 1]._id}`));
  await expect(card(page, first[0].candidateName)).toHaveCount(0);
  // Each card's move button opens the list of stages.
  await selector.selectOption({ index: 0 });
  await page.getByRole('button', { name: `Move ${first[0].candidateName}`, exact: true }).click();
  await expect(page.getByRole('menuitem', { name: stages[1].name })).toBeVisible();
  await shot(page, 'board-390-move');
  await page.keyboard.press('Escape');
});
