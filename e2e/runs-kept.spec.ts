import type { Locator, Page } from '@playwright/test';
import { expect, openWorkbench, test } from './helpers/workbench-test';

/**
 * Runs are kept across reloads (IndexedDB): the pitch-deck example run with the
 * demo model is listed again after a reload with its whole tree; a run that was
 * in progress when the page reloaded comes back as "interrupted", never
 * "running"; a kept run can be deleted from the keyboard, and stays deleted.
 */

function runs(page: Page): Locator {
  return page.getByTestId('run-entry');
}

function creationQuestion(page: Page): Locator {
  return page.locator('[data-testid="approval-item"][data-tool="worker_create"]');
}

async function openExample(page: Page): Promise<void> {
  await openWorkbench(page);
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await expect(page.getByTestId('model-select')).toHaveValue('demo:scripted');
}

test('a finished run is listed after a reload with its tree, and can be deleted', async ({ page }) => {
  await openExample(page);
  await page.getByTestId('run-button').click();
  await creationQuestion(page).getByTestId('approve-once').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md', { timeout: 60_000 });
  const runId = await runs(page).first().getAttribute('data-run-id');
  expect(runId).not.toBeNull();

  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  const kept = page.locator(`[data-testid="run-entry"][data-run-id="${runId}"]`);
  await expect(kept).toHaveAttribute('data-status', 'completed');
  await expect(kept.getByTestId('run-status')).toHaveText('completed');
  // The whole tree: the creation it asked about and one evaluator per deck, each completed.
  await expect(kept.locator('[data-testid="tool-call"][data-tool="worker_create"]')).toHaveAttribute('data-approval', 'approve_once');
  const evaluators = kept.locator('[data-testid="call-node"][data-worker="pitch_evaluator"]');
  await expect(evaluators).toHaveCount(3);
  for (let index = 0; index < 3; index += 1) await expect(evaluators.nth(index)).toHaveAttribute('data-status', 'completed');
  await expect(kept.getByTestId('run-output')).toBeVisible();

  // Delete from the keyboard: asked first, then gone, also after another reload.
  await kept.locator('button[aria-expanded]').first().focus();
  await page.keyboard.press('Delete');
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Delete the run of main');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(kept).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByTestId('run-history').or(page.getByText('No runs yet'))).toBeVisible();
  await expect(page.locator(`[data-testid="run-entry"][data-run-id="${runId}"]`)).toHaveCount(0);
});

test('a run in progress at a reload comes back as interrupted, never running', async ({ page }) => {
  await openExample(page);
  await page.getByTestId('run-button').click();
  // The run waits on a question: it is in progress when the page goes.
  await expect(creationQuestion(page)).toBeVisible();
  const runId = await runs(page).first().getAttribute('data-run-id');
  await expect(runs(page).first()).toHaveAttribute('data-status', 'running');
  // Recorded events are written in batches of a fraction of a second.
  await page.waitForTimeout(600);

  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  const kept = page.locator(`[data-testid="run-entry"][data-run-id="${runId}"]`);
  await expect(kept).toHaveAttribute('data-status', 'interrupted');
  await expect(kept.getByTestId('run-status')).toHaveText('interrupted');
  await expect(kept.getByTestId('run-interrupted')).toBeVisible();
  await expect(kept.locator('[data-testid="call-node"][data-status="running"]')).toHaveCount(0);
  await expect(creationQuestion(page)).toHaveCount(0);
});
