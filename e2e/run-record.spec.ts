import type { Browser, Locator, Page } from '@playwright/test';
import { openRun, runDocument } from './helpers/run-document';
import { editorText, expandFolder, expect, focusEditor, openWorkbench, test, treeItem } from './helpers/workbench-test';

/**
 * Run records as people use them: a run replayed offline after a reload (the
 * proxy blocked: the same final output comes out of the record), the
 * example's recorded run replayed in one click, an edited worker stopping a
 * replay where it changes the conversation (then going on with a real model),
 * a run exported and opened again, and a run link opened in another browser.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

function runEntries(page: Page) {
  return page.getByTestId('run-entry');
}

/** Every request to the model proxy is refused, and counted: a replay must make none. */
async function blockModelProxy(page: Page): Promise<{ attempts: () => number }> {
  let attempts = 0;
  await page.route(
    (url) => url.pathname === '/api/model',
    async (route) => {
      attempts += 1;
      await route.abort('blockedbyclient');
    },
  );
  return { attempts: () => attempts };
}

/** A run's final output as shown, once the markdown renderer (loaded on first use) has rendered it. */
async function outputText(run: Locator): Promise<string> {
  const output = run.getByTestId('run-output');
  await expect(output.getByTestId('markdown-rendered')).toBeVisible();
  return output.innerText();
}

async function runExample(page: Page): Promise<string> {
  await page.getByTestId('run-button').click();
  await page.locator('[data-testid="approval-item"][data-tool="worker_create"]').getByTestId('approve-once').click();
  const run = runDocument(page);
  await expect(run).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
  return outputText(run);
}

test('a kept run replays after a reload with the proxy blocked: same output, same reports', async ({ page }) => {
  test.setTimeout(240_000);
  await openWorkbench(page);
  const output = await runExample(page);
  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  const proxy = await blockModelProxy(page);

  const kept = runEntries(page).first();
  await expect(kept).toHaveAttribute('data-status', 'completed');
  await (await openRun(page, kept)).getByTestId('replay-run').click();

  // A copy of the project as the run started, holding the recorded run and its replay (its tab in front).
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example-replay', { timeout: 30_000 });
  await expect(runEntries(page)).toHaveCount(2);
  await expect(runEntries(page).first().getByTestId('run-replay-label')).toBeVisible();
  const replay = runDocument(page);
  await expect(replay).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
  await expect(replay.getByTestId('run-replay-label')).toBeVisible();
  expect(await outputText(replay)).toBe(output);
  expect(proxy.attempts()).toBe(0);
  // Nothing was asked: the recorded approval answered worker_create's question.
  await expect(page.getByTestId('approval-item')).toHaveCount(0);
  // The replay opens its deliverable, which expands its folder: wait for that before looking, or a click
  // meant to expand the folder can land just after the opening did and fold it again.
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md', { timeout: 30_000 });
  await expandFolder(page, 'evaluations');
  await expect(treeItem(page, 'summary.md')).toBeVisible();
});

test('the example\'s recorded run replays in one click, offline', async ({ page }) => {
  test.setTimeout(180_000);
  await openWorkbench(page);
  const proxy = await blockModelProxy(page);
  const button = page.getByTestId('replay-example');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example-replay', { timeout: 30_000 });
  // The copy lists the recorded run before the replay starts: wait for both, or "nth(1)" is not the recorded one.
  await expect(runEntries(page)).toHaveCount(2, { timeout: 30_000 });
  const replay = runDocument(page);
  await expect(replay).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
  await expect(replay.locator('[data-testid="call-node"][data-worker="pitch_evaluator"]')).toHaveCount(3);
  const replayed = await outputText(replay);
  const recorded = await openRun(page, runEntries(page).nth(1));
  expect(replayed).toBe(await outputText(recorded));
  expect(proxy.attempts()).toBe(0);
});

test('an edited worker stops the replay where it changes the request; going on asks the model from there', async ({ page }) => {
  test.setTimeout(240_000);
  await openWorkbench(page);
  await runExample(page);

  // Edit the orchestrator's instructions (once the run's deliverable has opened, so it cannot take the editor back).
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md', { timeout: 30_000 });
  await treeItem(page, 'main.worker').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('main.worker');
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\nBe brief in the summary.\n');
  await expect.poll(() => editorText(page)).toContain('Be brief in the summary.');
  await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved', { timeout: 10_000 });

  await (await openRun(page, runEntries(page).first())).getByTestId('replay-run').click();
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example-replay', { timeout: 30_000 });
  const replay = runDocument(page);
  await expect(replay).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
  const error = replay.getByTestId('run-error');
  await expect(error).toContainText('replay_diverged');
  await expect(error).toContainText('worker main (depth 0), step 1: the instructions differ');
  await expect(error).toContainText('Be brief in the summary.');

  // Go on with the form's model (the demo): the fork answers from the step that differed.
  await error.getByTestId('replay-go-on').click();
  await expect(runEntries(page)).toHaveCount(3);
  const goneOn = runEntries(page).first();
  await expect(goneOn.getByTestId('run-fork-label')).toBeVisible();
  await page.locator('[data-testid="approval-item"][data-tool="worker_create"]').getByTestId('approve-once').click();
  // The copy is a project made from a record, so untrusted: main's pre-approved writes are asked there.
  const writes = page.locator('[data-testid="approval-item"][data-tool="write_file"]');
  let writesAsked = 0;
  await expect(async () => {
    if ((await writes.count()) > 0) {
      await writes.first().getByTestId('approve-once').click();
      writesAsked += 1;
    }
    await expect(goneOn).toHaveAttribute('data-status', 'completed', { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  expect(writesAsked).toBeGreaterThan(0);
});

async function openedInFreshBrowser(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(url);
  return { context, page, problems };
}

test('a run exported as a file opens again, and a run link opens in another browser, read-only', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await openWorkbench(page);
  const output = await runExample(page);
  const run = runDocument(page);

  // Export the record and open it again here: a new project as the run started, with the run.
  const download = page.waitForEvent('download');
  await run.getByTestId('export-run-record').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pitch-deck-example-run_.+\.run\.json$/);
  await page.getByTestId('run-record-input').setInputFiles(await file.path());
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog.getByTestId('import-run-summary')).toContainText('It holds a run of main');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example-2');
  await expect(runEntries(page)).toHaveCount(1);
  expect(await outputText(await openRun(page, runEntries(page).first()))).toBe(output);
  // The project as it was when the run started: no reports yet.
  await expect(page.getByRole('treeitem', { name: 'evaluations' })).toHaveCount(0);

  // Share the original run as a link (text files only) and open it in a fresh browser.
  await page.getByTestId('project-select').selectOption('pitch-deck-example');
  await (await openRun(page, runEntries(page).first())).getByTestId('share-run').click();
  const share = page.getByTestId('run-share-dialog');
  const link = await share.getByTestId('run-share-link').inputValue();
  expect(link).toMatch(/#wbrun2=\d+\./);
  await share.getByRole('button', { name: 'Close' }).click();

  const other = await openedInFreshBrowser(browser, link);
  const preview = other.page.getByTestId('import-dialog');
  await expect(preview).toContainText('Open shared run');
  await expect(preview.getByTestId('import-run-missing')).toContainText('input/tidewater-robotics.pdf');
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(other.page.getByTestId('project-select')).toHaveValue('pitch-deck-example-2');
  const entry = other.page.getByTestId('run-entry').first();
  await expect(entry).toHaveAttribute('data-status', 'completed');
  const shown = await openRun(other.page, entry);
  await expect(shown.locator('[data-testid="call-node"][data-worker="pitch_evaluator"]')).toHaveCount(3);
  expect(await outputText(shown)).toBe(output);
  // Nothing ran by itself there: one run, the shared one.
  await expect(other.page.getByTestId('run-entry')).toHaveCount(1);

  // A run link cut off in transit: the reason, and nothing changes.
  await other.page.goto(link.slice(0, link.length - 50));
  await expect(other.page.getByTestId('import-error')).toContainText('run link is incomplete');
  await other.page.getByRole('button', { name: 'Close' }).click();
  await expect(other.page.getByTestId('project-select').locator('option')).toHaveText(['pitch-deck-example', 'pitch-deck-example-2']);
  expect(other.problems).toEqual([]);
  await other.context.close();
});
