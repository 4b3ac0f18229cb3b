import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { cleanEnvironment, runCli } from '../lib/cli/testing/spawn-cli';
import { openRun, runDocument } from './helpers/run-document';
import { expect, openWorkbench, test } from './helpers/workbench-test';

/**
 * A run made by the command line, opened in the IDE: `workerbench init` and
 * `workerbench run` write the example's run record on disk; the IDE imports
 * that file, shows the run, and replays it with the model proxy blocked.
 */
function runEntries(page: Page) {
  return page.getByTestId('run-entry');
}

async function outputText(run: Locator): Promise<string> {
  const output = run.getByTestId('run-output');
  await expect(output.getByTestId('markdown-rendered')).toBeVisible();
  return output.innerText();
}

test('a record the CLI wrote opens in the IDE and replays offline', async ({ page }) => {
  test.setTimeout(240_000);
  const parent = mkdtempSync(path.join(tmpdir(), 'workerbench-cli-e2e-'));
  expect((await runCli(['init', 'deals'], { cwd: parent })).code).toBe(0);
  const run = await runCli(['run', 'deals', '--approve', 'worker_create,write_file'], { cwd: parent, env: cleanEnvironment(), timeoutMs: 120_000 });
  expect(run.code, run.stderr).toBe(0);
  const runsFolder = path.join(parent, 'deals', '.workerbench', 'runs');
  const [recordName] = readdirSync(runsFolder).filter((name) => name.endsWith('.run.json'));

  await openWorkbench(page);
  let proxyRequests = 0;
  await page.route(
    (url) => url.pathname === '/api/model',
    async (route) => {
      proxyRequests += 1;
      await route.abort('blockedbyclient');
    },
  );
  await page.getByTestId('run-record-input').setInputFiles(path.join(runsFolder, recordName!));
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog.getByTestId('import-run-summary')).toContainText('It holds a run of main');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example-2');
  await expect(runEntries(page).first()).toHaveAttribute('data-status', 'completed');
  const imported = await openRun(page, runEntries(page).first());
  const recordedOutput = await outputText(imported);
  expect(recordedOutput).toContain('I evaluated 3 of 3 pitch decks');

  await imported.getByTestId('replay-run').click();
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example-2-replay', { timeout: 30_000 });
  // The copy holds the recorded run and its replay, the replay first.
  await expect(runEntries(page)).toHaveCount(2);
  await expect(runEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
  await expect(runEntries(page).first().getByTestId('run-replay-label')).toBeVisible();
  // The replay's tab is in front.
  const replay = runDocument(page);
  await expect(replay).toHaveAttribute('data-run-id', (await runEntries(page).first().getAttribute('data-run-id'))!);
  expect(await outputText(replay)).toBe(recordedOutput);
  expect(proxyRequests).toBe(0);
});
