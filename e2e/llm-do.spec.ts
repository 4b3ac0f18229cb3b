import { readFile } from 'node:fs/promises';
import { unzipSync, zipSync } from 'fflate';
import type { Download } from '@playwright/test';
import { LLM_DO_CORPUS } from '@/lib/llm-do/testing/llm-do-corpus';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { chooseMenuItem, expect, openWorkbench, test } from './helpers/workbench-test';

// An llm-do user's project, zipped as a folder the way they keep it: imported unchanged, run with the
// input its project.json gives, with the demo model, to the end; then exported back as an llm-do project.

const HEAD_PROJECT = LLM_DO_CORPUS[0]!;

async function savedPath(download: Download): Promise<string> {
  const path = await download.path();
  if (path === null) throw new Error('download failed');
  return path;
}

test('an llm-do project zip imports unchanged, runs with its entry.args to the end, and exports back as an llm-do project', async ({ page }) => {
  await openWorkbench(page);
  const entries = Object.fromEntries(Object.entries(HEAD_PROJECT.files).map(([path, text]) => [`llm-do-demo/${path}`, encodeUtf8(text)]));
  await page.getByTestId('zip-import-input').setInputFiles({ name: 'llm-do-demo.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync(entries)) });
  const preview = page.getByTestId('import-dialog');
  await expect(preview.getByTestId('import-target-name')).toHaveText('llm-do-demo');
  await expect(preview.getByTestId('import-files-item')).toHaveCount(Object.keys(HEAD_PROJECT.files).length);
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(preview).toBeHidden();
  await expect(page.getByTestId('project-select')).toHaveValue('llm-do-demo');

  // The entry agent and its input come from project.json (entry.agent, entry.args); nothing is typed.
  await expect(page.getByTestId('worker-select')).toHaveValue('main');
  await expect(page.getByTestId('run-input')).toHaveValue('write "hello" to notes.txt');
  await expect(page.getByTestId('model-select')).toHaveValue('demo:scripted');
  await page.getByTestId('run-button').click();

  // An imported project is not trusted: its approve_all does not count, so the write is asked for.
  const dialog = page.getByTestId('approval-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('approval-item')).toContainText('write_file');
  await expect(dialog.getByTestId('approval-item')).toContainText('scribe');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const run = page.getByTestId('run-document');
  await expect(run).toHaveAttribute('data-status', 'completed');
  await expect(run.locator('[data-testid="call-node"][data-worker="scribe"]')).toHaveAttribute('data-status', 'completed');
  await expect(run.getByTestId('run-output')).toContainText('I delegated to 1 worker call');
  await expect(run.getByTestId('run-output')).toContainText('I wrote 5 characters to notes.txt');

  // Export as an llm-do project: the dialog lists the files and what has no llm-do equivalent.
  await chooseMenuItem(page, 'Project actions', 'Export as an llm-do project (.zip)');
  const exportDialog = page.getByTestId('llm-do-export-dialog');
  await expect(exportDialog.getByTestId('llm-do-export-files')).toContainText('agents/scribe.agent');
  await expect(exportDialog.getByTestId('llm-do-export-notes')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Download .zip' }).click()]);
  await expect(exportDialog).toBeHidden();
  expect(download.suggestedFilename()).toBe('llm-do-demo-llm-do.zip');
  const unpacked = unzipSync(new Uint8Array(await readFile(await savedPath(download))));
  const text = (path: string) => new TextDecoder().decode(unpacked[`llm-do-demo/${path}`]);
  // The project was llm-do's already: its manifest and agent files go back byte for byte; the run's write is in the zip.
  expect(text('project.json')).toBe(HEAD_PROJECT.files['project.json']);
  expect(text('main.agent')).toBe(HEAD_PROJECT.files['main.agent']);
  expect(text('notes.txt')).toBe('hello');
});
