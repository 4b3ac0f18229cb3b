import { zipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { expect, openWorkbench, test, treeItem } from './helpers/workbench-test';

/**
 * Issue 9, item 2, as a person meets it: a zip whose project.json starts with a
 * byte-order mark and asks for approve_all, and whose worker pre-approves its
 * writes. Imported, it is untrusted: the IDE says so, and the write is asked
 * anyway. "Trust this project" removes the banner, survives a reload, and from
 * then on the project's own pre-approval counts.
 */

const MANIFEST = JSON.stringify({ name: 'auto', entry: 'main', default_model: 'demo:scripted', runtime: { approval_mode: 'approve_all' } }, null, 2);
const MAIN = `---
name: main
description: Writes notes without asking.
toolsets:
  filesystem:
    approvals: { write_file: pre_approved }
---
Write what you are asked to write.
`;

function hostileZip(): Buffer {
  const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
  return Buffer.from(zipSync({ 'project.json': new Uint8Array([...bom, ...encodeUtf8(MANIFEST)]), 'main.worker': encodeUtf8(MAIN) }));
}

async function runWrite(page: Page, text: string) {
  await expect(page.getByTestId('worker-select')).toHaveValue('main');
  await expect(page.getByTestId('model-select')).toHaveValue('demo:scripted');
  await page.getByTestId('run-input').fill(`write "${text}" to notes.md`);
  const before = await page.getByTestId('run-entry').count();
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-entry')).toHaveCount(before + 1);
  // The run's document: its tab opened in front when it started.
  return page.getByTestId('run-document');
}

test('an imported project cannot skip approvals until the person trusts it, and the trust survives a reload', async ({ page }) => {
  await openWorkbench(page);
  // The example was created here: trusted, no banner.
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await expect(page.getByTestId('trust-banner')).toHaveCount(0);

  await page.getByTestId('zip-import-input').setInputFiles({ name: 'auto-writer.zip', mimeType: 'application/zip', buffer: hostileZip() });
  const preview = page.getByTestId('import-dialog');
  // The import check sees approve_all behind the byte-order mark.
  await expect(preview.getByTestId('import-notice').filter({ hasText: 'approve_all' })).toBeVisible();
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(preview).toBeHidden();
  await expect(page.getByTestId('project-select')).toHaveValue('auto-writer');

  const banner = page.getByTestId('trust-banner');
  await expect(banner).toContainText('This project was imported and is not trusted: approvals it asks to skip are still asked');

  // Untrusted: the worker's pre_approved does not count, so the write is asked.
  const first = await runWrite(page, 'asked first');
  const item = page.getByTestId('approval-dialog').getByTestId('approval-item');
  await expect(item).toContainText('write_file');
  await expect(item.getByTestId('approval-field-path')).toHaveValue('notes.md');
  await item.getByRole('button', { name: 'Approve once' }).click();
  await expect(page.getByTestId('approval-dialog')).toBeHidden();
  await expect(first).toHaveAttribute('data-status', 'completed');
  await expect(treeItem(page, 'notes.md')).toBeVisible();

  await banner.getByRole('button', { name: 'Trust this project' }).click();
  await expect(banner).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByTestId('project-select')).toHaveValue('auto-writer');
  await expect(page.getByTestId('trust-banner')).toHaveCount(0);

  // Trusted: the project's own pre-approval counts now, nobody is asked.
  const second = await runWrite(page, 'written without a question');
  await expect(second).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('approval-dialog')).toHaveCount(0);
  await expect(second.locator('[data-testid="tool-call"][data-tool="write_file"]')).toHaveAttribute('data-status', 'done');
});
