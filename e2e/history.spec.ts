import type { Page } from '@playwright/test';
import { EXAMPLE_DECK_FILE_NAMES } from '@/lib/project/example-decks';
import { editorText, expandFolder, expect, expectSaved, focusEditor, openWorkbench, test, treeItem } from './helpers/workbench-test';

/**
 * Every run can be undone: the person edits a file, runs the example, opens
 * History and undoes the run. The run's reports and its generated worker go,
 * the decks and the person's edit stay, and a reload keeps it so.
 */

const NOTE = 'A note the person wrote before the run.';

async function expectUndone(page: Page): Promise<void> {
  await expandFolder(page, 'input');
  for (const name of EXAMPLE_DECK_FILE_NAMES) await expect(treeItem(page, name)).toBeVisible();
  await expect(page.locator('[data-testid="tree-item"][data-path^="evaluations/"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="tree-item"][data-path="generated/pitch_evaluator.worker"]')).toHaveCount(0);
  await treeItem(page, 'README.md').click();
  await expect.poll(() => editorText(page)).toContain(NOTE);
}

test('run the example, open History, undo the run: reports gone, decks and earlier edits intact, after a reload too', async ({ page }) => {
  await openWorkbench(page);
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await expect(page.getByTestId('model-select')).toHaveValue('demo:scripted');

  // The person's own edit before the run.
  await expandFolder(page, 'input');
  await treeItem(page, 'README.md').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('input/README.md');
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(`\n${NOTE}\n`);
  await page.keyboard.press('ControlOrMeta+S');
  await expectSaved(page);

  await page.getByTestId('run-button').click();
  const question = page.locator('[data-testid="approval-item"][data-tool="worker_create"]');
  await question.getByTestId('approve-once').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md', { timeout: 60_000 });
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'completed');

  await page.getByRole('button', { name: 'History', exact: true }).click();
  const dialog = page.getByTestId('history-dialog');
  const rows = dialog.getByRole('option');
  // Newest first: the run, then the person's edit, then the start.
  await expect(rows.first()).toHaveAttribute('data-kind', 'run');
  await expect(rows.nth(1)).toHaveAttribute('data-kind', 'person');
  await expect(rows.nth(1)).toContainText('1 file');
  const details = dialog.getByTestId('history-details');
  await expect(details).toContainText('evaluations/summary.md');
  await expect(details).not.toContainText('input/README.md');

  // The diff of the summary opens in Monaco's diff editor.
  await details.locator('li', { hasText: 'evaluations/summary.md' }).getByRole('button', { name: 'Diff' }).click();
  await expect(dialog.getByTestId('history-diff').locator('.monaco-diff-editor')).toBeVisible();

  await details.getByRole('button', { name: 'Undo this run' }).click();
  await expect(dialog.getByTestId('history-undo-plan')).toContainText('Delete evaluations/summary.md');
  await dialog.getByTestId('history-undo-confirm').click();
  await expect(rows.first()).toHaveAttribute('data-kind', 'undo');
  await dialog.getByTestId('history-close').click();
  await expect(dialog).toBeHidden();
  await expectUndone(page);

  await page.reload();
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await expectUndone(page);
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(page.getByTestId('history-dialog').getByRole('option').first()).toHaveAttribute('data-kind', 'undo');
});
