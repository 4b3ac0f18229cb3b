import type { Page } from '@playwright/test';
import { MAX_RECORD_EVENTS } from '@/lib/run-record/run-record-limits';
import { deeplyNestedRunLink, runLinkFromText, syntheticRecordPayload, withRawArguments } from '@/lib/run-record/testing/synthetic-record';
import { expandAllCalls, openRun, runDetail } from './helpers/run-document';
import { expect, openWorkbench, test, treeItem } from './helpers/workbench-test';

/**
 * Hostile run records in the IDE: a link under 1 KB whose tool arguments nest
 * 20,000 arrays deep is refused with the limit it passed, before and after a
 * reload, and the IDE keeps working; a record nested just within the limit
 * opens and shows its arguments; a 10,000-call record opens and reloads
 * without freezing the page (it draws frames and answers a click meanwhile;
 * the generous timeouts are the only hang guard); a large one shows its
 * progress and can be cancelled; a malformed and an over-limit record are
 * refused with what is wrong, nothing lost; and a project that crashed the
 * page opens on the next load only when asked.
 */

function collectPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The IDE still works: the project menu, the file tree and the editor answer. */
async function expectWorkingIde(page: Page): Promise<void> {
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByTestId('area-error')).toHaveCount(0);
  await expect(page.getByTestId('project-select')).toBeEnabled();
  await treeItem(page, 'project.json').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('project.json');
}

test('a 20,000-deep run link under 1 KB is refused with the limit, before and after a reload, and the IDE works', async ({ page }) => {
  const problems = collectPageErrors(page);
  const link = deeplyNestedRunLink(20_000);
  expect(link.length).toBeLessThan(1024);
  await openWorkbench(page);
  await page.goto(`/${link}`);
  const refusal = page.getByTestId('import-dialog').getByTestId('import-error');
  await expect(refusal).toContainText('nests deeper than 64 levels');
  // Reloaded with the link still in the address bar: refused again, the same way.
  await page.reload();
  await expect(refusal).toContainText('nests deeper than 64 levels');
  await page.getByTestId('import-dialog').getByRole('button', { name: 'Close' }).click();
  await expectWorkingIde(page);
  // And reloaded once it was closed: the IDE opens as it was.
  await page.reload();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
  await expectWorkingIde(page);
  await expect(page.getByTestId('project-select').locator('option')).toHaveText(['pitch-deck-example']);
  expect(problems).toEqual([]);
});

test('arguments nested within the limit open and show, before and after a reload', async ({ page }) => {
  const problems = collectPageErrors(page);
  const nested = `${'['.repeat(50)}"deep"${']'.repeat(50)}`;
  const link = runLinkFromText(withRawArguments(syntheticRecordPayload({ calls: 2, projectName: 'nested' }), nested));
  await openWorkbench(page);
  await page.goto(`/${link}`);
  await page.getByTestId('import-dialog').getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('project-select')).toHaveValue('nested');
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'completed');
  const run = await openRun(page, page.getByTestId('run-entry').first());
  // A tool call's arguments, in the detail pane: folded past 600 characters; unfolded, the innermost value shows.
  await expandAllCalls(run);
  await run.getByTestId('tool-call').first().click();
  const detail = runDetail(page);
  await detail.getByRole('button', { name: /^Show more/ }).first().click();
  await expect(detail).toContainText('"deep"');
  await page.reload();
  await expect(page.getByTestId('project-select')).toHaveValue('nested');
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'completed');
  await expectWorkingIde(page);
  expect(problems).toEqual([]);
});

/**
 * Counts, from now on, the animation frames drawn while a record's progress is on screen, and the
 * clicks answered meanwhile: a page that reads a record in one long task draws at most one such
 * frame and answers no click until it is done. Keeps the longest task of the document too (the
 * browser's long-task entries, from the document's start).
 */
function installWatch(): void {
  const watch = { frames: 0, clicks: 0, longestTaskMs: 0 };
  (window as unknown as { __watch: typeof watch }).__watch = watch;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) watch.longestTaskMs = Math.max(watch.longestTaskMs, entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const opening = () => document.querySelector('[data-testid="kept-runs-progress"], [data-testid="import-progress"]') !== null;
  const tick = () => {
    if (opening()) watch.frames += 1;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  document.addEventListener('pointerdown', () => void (opening() && (watch.clicks += 1)), true);
}

async function watchResponsiveness(page: Page): Promise<void> {
  // In this document (a link's hash changes no document) and before every later one, so a reload is watched from its start.
  await page.evaluate(installWatch);
  await page.addInitScript(installWatch);
}

async function responsiveness(page: Page): Promise<{ frames: number; clicks: number; longestTaskMs: number }> {
  return page.evaluate(() => (window as unknown as { __watch: { frames: number; clicks: number; longestTaskMs: number } }).__watch);
}

/** Clicks the progress's text while it shows (a freeze would hold the click until the end). */
async function clickWhileOpening(page: Page): Promise<void> {
  await page.locator('[data-testid="kept-runs-progress"], [data-testid="import-progress"]').first().click({ position: { x: 4, y: 4 }, timeout: 60_000 });
}

test('a 10,000-call record opens and reloads without a long freeze', async ({ page }) => {
  test.setTimeout(240_000);
  const problems = collectPageErrors(page);
  const link = runLinkFromText(JSON.stringify(syntheticRecordPayload({ calls: 10_000, projectName: 'wide' })));
  await openWorkbench(page);
  await watchResponsiveness(page);
  await page.goto(`/${link}`);
  // While the link is read (in a worker) the page draws frames and answers a click; the generous timeouts are the only hang guard.
  await clickWhileOpening(page);
  await page.getByTestId('import-dialog').getByRole('button', { name: 'Import' }).click({ timeout: 60_000 });
  await expect(page.getByTestId('project-select')).toHaveValue('wide', { timeout: 60_000 });
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(page.getByTestId('archived-runs-progress')).toHaveCount(0);
  const opened = await responsiveness(page);
  expect(opened.clicks).toBe(1);
  expect(opened.frames).toBeGreaterThan(1);
  await expectWorkingIde(page);

  // Reloaded: the kept run is read (in a worker) and reduced in slices. That read is short now: its
  // progress shows for 0-1,000 ms, sometimes not for one frame, too briefly for a click to be sure to
  // land in it. What shows a freeze is the page's longest task from the reload until the run is listed:
  // 114-146 ms here (hydration's). The bound is a hang guard, ten times that; the target of 200 ms a
  // task is the record-open bench's to measure.
  await page.reload();
  await expect(page.getByTestId('project-select')).toHaveValue('wide', { timeout: 60_000 });
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  const reloaded = await responsiveness(page);
  expect(reloaded.longestTaskMs).toBeLessThan(1_500);
  await expectWorkingIde(page);
  expect(problems).toEqual([]);
});

test('a large record shows its progress and can be cancelled, losing nothing', async ({ page }) => {
  test.setTimeout(240_000);
  const text = JSON.stringify(syntheticRecordPayload({ calls: 20_000, projectName: 'cancelled' }));
  await openWorkbench(page);
  await page.getByTestId('run-record-input').setInputFiles({ name: 'big.run.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  const progress = page.getByTestId('import-progress');
  await expect(progress).toContainText(/Opening run record… \d+%/);
  await page.getByTestId('import-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
  await expect(page.getByTestId('project-select').locator('option')).toHaveText(['pitch-deck-example']);
  await expectWorkingIde(page);
});

test('a malformed and an over-limit record are refused with what is wrong, and nothing is lost', async ({ page }) => {
  const problems = collectPageErrors(page);
  await openWorkbench(page);
  const refusal = page.getByTestId('import-dialog').getByTestId('import-error');
  const open = async (name: string, text: string) => {
    await page.getByTestId('run-record-input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  };
  // Cut off in the middle: the parser's own words, and that it is not a run record.
  await open('cut.run.json', JSON.stringify(syntheticRecordPayload({ calls: 3 })).slice(0, 300));
  await expect(refusal).toContainText(/This is not a run record: it is not JSON \(.+\)/);
  await page.getByTestId('import-dialog').getByRole('button', { name: 'Close' }).click();
  // One event more than the format's limit: counted before anything else reads them.
  const over = { ...syntheticRecordPayload({ calls: 1 }), events: Array.from({ length: MAX_RECORD_EVENTS + 1 }, () => 0) };
  await open('over.run.json', JSON.stringify(over));
  await expect(refusal).toContainText(`This run record has ${MAX_RECORD_EVENTS + 1} events; at most ${MAX_RECORD_EVENTS} are read.`);
  await expect(page.getByTestId('import-dialog')).toContainText('Nothing was imported; your projects were not changed.');
  await page.getByTestId('import-dialog').getByRole('button', { name: 'Close' }).click();
  await expectWorkingIde(page);
  await page.reload();
  await expect(page.getByTestId('project-select').locator('option')).toHaveText(['pitch-deck-example']);
  await expectWorkingIde(page);
  expect(problems).toEqual([]);
});

test('a project that crashed the page opens on the next load only when asked, without its runs', async ({ page }) => {
  await openWorkbench(page);
  // What the page-wide error screen notes (lib/state/workspace/startup-guard.ts).
  await page.evaluate(() => localStorage.setItem('workerbench:crashed-project', JSON.stringify({ project: 'pitch-deck-example', reason: 'Maximum call stack size exceeded' })));
  await page.reload();
  const notice = page.getByTestId('safe-start');
  await expect(notice).toContainText('could not open the project “pitch-deck-example” last time (Maximum call stack size exceeded)');
  await expect(page.getByTestId('project-select')).toBeEnabled();
  await notice.getByRole('button', { name: 'Open without its runs' }).click();
  await expect(page.getByTestId('safe-start')).toHaveCount(0);
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
  // Chosen once: the next load opens it as usual.
  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await expect(page.getByTestId('safe-start')).toHaveCount(0);
});
