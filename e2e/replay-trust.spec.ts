import { zipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { openRun } from './helpers/run-document';
import { editorText, expect, openWorkbench, test, treeItem } from './helpers/workbench-test';

/**
 * Issue 27, the replay-trust sequence: a run record is opened, the worker that
 * pre-approves its writes is deleted and project.json's entry changed, and the
 * project trusted — which looks safe, for the project as it now is. Replay
 * makes a copy from the record, where that worker and the old project.json
 * are back: the copy starts untrusted, says so, and a plain Run there asks
 * before it writes.
 */

const MANIFEST = JSON.stringify({ name: 'auto', entry: 'main', default_model: 'demo:scripted' }, null, 2);
const MAIN = `---
name: main
description: Writes notes without asking.
toolsets:
  filesystem:
    approvals: { write_file: pre_approved }
---
Write what you are asked to write.
`;
const SAFE = `---
name: safe
description: Writes notes, asking first.
toolsets:
  filesystem: {}
---
Write what you are asked to write.
`;

function writerZip(): Buffer {
  return Buffer.from(zipSync({ 'project.json': encodeUtf8(MANIFEST), 'main.worker': encodeUtf8(MAIN) }));
}

async function runWrite(page: Page, text: string) {
  await expect(page.getByTestId('worker-select')).toHaveValue('main');
  await expect(page.getByTestId('model-select')).toHaveValue('demo:scripted');
  await page.getByTestId('run-input').fill(`write "${text}" to notes.md`);
  const before = await page.getByTestId('run-entry').count();
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-entry')).toHaveCount(before + 1);
  return page.getByTestId('run-entry').first();
}

async function openedFileText(page: Page, name: string): Promise<string> {
  await treeItem(page, name).click();
  await expect(page.getByTestId('editor-tab')).toHaveText(name);
  // A markdown file a run just wrote opens rendered: its source is one click away.
  const source = page.getByRole('button', { name: 'Source', exact: true });
  if (await source.isVisible()) await source.click();
  return editorText(page);
}

test('a Replay copy starts untrusted: the record\'s files come back, and a plain Run there asks before writing', async ({ page }) => {
  test.setTimeout(180_000);
  await openWorkbench(page);

  // A run of a worker that pre-approves its writes (asked here: the import is untrusted).
  await page.getByTestId('zip-import-input').setInputFiles({ name: 'auto-writer.zip', mimeType: 'application/zip', buffer: writerZip() });
  await page.getByTestId('import-dialog').getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('project-select')).toHaveValue('auto-writer');
  const recorded = await runWrite(page, 'from the run');
  await page.getByTestId('approval-dialog').getByTestId('approval-item').getByRole('button', { name: 'Approve once' }).click();
  await expect(recorded).toHaveAttribute('data-status', 'completed');

  // Open the run record: a new project as the run started, with the run.
  const download = page.waitForEvent('download');
  await (await openRun(page, recorded)).getByTestId('export-run-record').click();
  await page.getByTestId('run-record-input').setInputFiles(await (await download).path());
  await page.getByTestId('import-dialog').getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('project-select')).toHaveValue('auto-writer-2');

  // Make it look safe: a worker that asks becomes the entry, the pre-approving one is deleted; then trust it.
  await page.getByTestId('upload-input').setInputFiles({ name: 'safe.worker', mimeType: 'text/plain', buffer: Buffer.from(SAFE) });
  await expect(treeItem(page, 'safe.worker')).toBeVisible();
  await page.getByTestId('upload-input').setInputFiles({ name: 'project.json', mimeType: 'application/json', buffer: Buffer.from(MANIFEST.replace('"entry": "main"', '"entry": "safe"')) });
  await page.getByTestId('choice-dialog').getByRole('button', { name: 'Replace' }).click();
  await expect.poll(() => openedFileText(page, 'project.json')).toContain('"entry": "safe"');
  await treeItem(page, 'main.worker').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('main.worker');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Delete "main.worker"?');
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(treeItem(page, 'main.worker')).toHaveCount(0);
  await page.getByTestId('trust-banner').getByRole('button', { name: 'Trust this project' }).click();
  await expect(page.getByTestId('trust-banner')).toHaveCount(0);

  // Replay: the copy has the record's files, and is not trusted.
  await (await openRun(page, page.getByTestId('run-entry').first())).getByTestId('replay-run').click();
  await expect(page.getByTestId('project-select')).toHaveValue('auto-writer-2-replay', { timeout: 30_000 });
  const replay = page.getByTestId('run-entry').first();
  await expect(replay).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(replay.getByTestId('run-replay-label')).toBeVisible();
  // The replay needed nobody: the record answered its question.
  await expect(page.getByTestId('approval-item')).toHaveCount(0);
  await expect(page.getByTestId('trust-banner')).toContainText('not trusted');
  await expect(treeItem(page, 'main.worker')).toBeVisible();
  await expect(treeItem(page, 'safe.worker')).toHaveCount(0);
  // Polled: the editor may still be drawing the file's lines the moment its tab shows.
  await expect.poll(() => openedFileText(page, 'notes.md')).toContain('from the run');

  // A plain Run there: main's pre-approval does not count, the write is asked, and a denial writes nothing.
  const plain = await runWrite(page, 'without a question');
  const item = page.getByTestId('approval-dialog').getByTestId('approval-item');
  await expect(item).toContainText('write_file');
  await expect(item.getByTestId('approval-field-path')).toHaveValue('notes.md');
  await item.getByRole('button', { name: 'Deny' }).click();
  await expect(plain).not.toHaveAttribute('data-status', 'running', { timeout: 30_000 });
  await expect.poll(() => openedFileText(page, 'notes.md')).toContain('from the run');
  expect(await editorText(page)).not.toContain('without a question');

  // The project it was replayed from keeps the trust the person gave it.
  await page.getByTestId('project-select').selectOption('auto-writer-2');
  await expect(page.getByTestId('trust-banner')).toHaveCount(0);
});
