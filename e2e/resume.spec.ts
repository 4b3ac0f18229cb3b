import type { Page, Route } from '@playwright/test';
import { openRun, runDocument } from './helpers/run-document';
import { expect, openWorkbench, test } from './helpers/workbench-test';

/**
 * Resume: a run cut off by a reload is listed as interrupted and can be resumed.
 * The resumed run follows the kept record (recorded steps answer instead of the
 * model, recorded tool results are not run again) and asks again about a tool
 * call whose result was not recorded.
 */

function runEntries(page: Page) {
  return page.getByTestId('run-entry');
}

function creationQuestion(page: Page) {
  return page.locator('[data-testid="approval-item"][data-tool="worker_create"]');
}

async function reload(page: Page) {
  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
}

/** The evaluator's instructions, as the demo orchestrator writes them: its model requests have them as their system prompt. */
const EVALUATOR_MARKER = 'You evaluate one startup pitch deck';

function isEvaluatorRequest(route: Route): boolean {
  const body = JSON.parse(route.request().postData() ?? '{}') as { system?: unknown };
  return typeof body.system === 'string' && body.system.startsWith(EVALUATOR_MARKER);
}

test('reload mid-run: the run is listed as interrupted and resumes to completion', async ({ page }) => {
  // Three runs of the example and three reloads.
  test.setTimeout(480_000);
  await openWorkbench(page);
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');

  // 1. Cut off while worker_create waits for its question: its call is recorded, its result is not.
  await page.getByTestId('run-button').click();
  await expect(creationQuestion(page)).toBeVisible();
  await page.waitForTimeout(600); // the recorder writes in batches of at most 200 ms
  await reload(page);
  const firstRun = runEntries(page).first();
  await expect(firstRun).toHaveAttribute('data-status', 'interrupted');

  // Resume, from the keyboard, in the run's document.
  const resume = (await openRun(page, firstRun)).getByTestId('resume-run');
  await resume.focus();
  await page.keyboard.press('Enter');

  // The recorded steps before it are not asked again; worker_create is, and the question says why.
  const question = creationQuestion(page);
  await expect(question).toBeVisible({ timeout: 60_000 });
  await expect(question.getByTestId('approval-notice')).toContainText('may already have run');
  await expect(runEntries(page)).toHaveCount(2);
  await expect(runEntries(page).first().getByTestId('run-resumed-label')).toBeVisible();
  // The resumed run opened as the tab in front.
  const resumed = runDocument(page);
  await expect(resumed).toHaveAttribute('data-run-id', (await runEntries(page).first().getAttribute('data-run-id'))!);
  await expect(resumed.getByTestId('run-resumed-label')).toBeVisible();
  await expect(resumed.getByTestId('run-resumed-from')).toContainText('Resumed from the interrupted run');

  // 2. Hold the evaluators' model requests, approve, and reload while they wait.
  const held: Route[] = [];
  await page.route('**/api/model', async (route) => {
    if (isEvaluatorRequest(route)) held.push(route);
    else await route.continue();
  });
  await question.getByTestId('approve-once').click();
  await expect.poll(() => held.length, { timeout: 150_000 }).toBe(3);
  await expect(resumed.locator('[data-testid="call-node"][data-worker="pitch_evaluator"]')).toHaveCount(3);
  await page.waitForTimeout(600);
  await page.unroute('**/api/model');
  await reload(page);
  // The held requests belonged to the page that went away.
  await Promise.all(held.map((route) => route.abort().catch(() => undefined)));

  // Both cut-off runs are listed as interrupted; the first says it was resumed.
  await expect(runEntries(page)).toHaveCount(2);
  await expect(page.locator('[data-status="running"]')).toHaveCount(0);
  const secondRun = runEntries(page).first();
  await expect(secondRun).toHaveAttribute('data-status', 'interrupted');
  const firstDocument = await openRun(page, runEntries(page).nth(1));
  await expect(firstDocument.getByTestId('run-interrupted')).toContainText('It was resumed by the run started');
  await expect(firstDocument.getByTestId('resume-run')).toHaveCount(0);

  // 3. Resume again: worker_create's recorded result stands (no question), the evaluators run, the run completes.
  await (await openRun(page, secondRun)).getByTestId('resume-run').click();
  await expect(runEntries(page)).toHaveCount(3);
  await expect(runEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 180_000 });
  const last = runDocument(page);
  await expect(last).toHaveAttribute('data-status', 'completed');
  await expect(creationQuestion(page)).toHaveCount(0);
  await expect(last.locator('[data-testid="call-node"][data-worker="pitch_evaluator"]')).toHaveCount(3);
  await expect(last.getByTestId('run-output')).toBeVisible();
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md', { timeout: 30_000 });
});
