import type { Page } from '@playwright/test';
import { deleteRunInFront, openRun } from './helpers/run-document';
import { expect, openWorkbench, test } from './helpers/workbench-test';

/**
 * Runs are kept in IndexedDB as they happen: after a reload the Runs panel lists the
 * project's past runs with their whole tree, a run cut off by the reload shows as
 * interrupted (never running), and a kept run can be deleted.
 */

function runEntries(page: Page) {
  return page.getByTestId('run-entry');
}

function creationQuestion(page: Page) {
  return page.locator('[data-testid="approval-item"][data-tool="worker_create"]');
}

test('a finished run and a run cut off by a reload are both listed after the reload', async ({ page }) => {
  await openWorkbench(page);
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');

  // A whole run of the example.
  await page.getByTestId('run-button').click();
  await creationQuestion(page).getByTestId('approve-once').click();
  await expect(runEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });

  // A second run, reloaded while it waits for its first question.
  await page.getByTestId('run-button').click();
  await expect(creationQuestion(page)).toBeVisible();
  await expect(runEntries(page)).toHaveCount(2);
  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');

  await expect(runEntries(page)).toHaveCount(2);
  const interrupted = runEntries(page).first();
  const finished = runEntries(page).nth(1);
  await expect(interrupted).toHaveAttribute('data-status', 'interrupted');
  await expect(interrupted.getByRole('img', { name: 'interrupted' })).toBeVisible();
  await expect(finished).toHaveAttribute('data-status', 'completed');
  await expect(page.locator('[data-status="running"]')).toHaveCount(0);
  await expect(creationQuestion(page)).toHaveCount(0);

  // The finished run's whole tree came back: three evaluator calls and the final output.
  const finishedDocument = await openRun(page, finished);
  await expect(finishedDocument.locator('[data-testid="call-node"][data-worker="pitch_evaluator"]')).toHaveCount(3);
  await expect(finishedDocument.getByTestId('run-output')).toBeVisible();

  // Deleting a kept run removes it for good.
  const interruptedDocument = await openRun(page, interrupted);
  await expect(interruptedDocument.getByTestId('run-status')).toHaveText('interrupted');
  await expect(interruptedDocument.getByTestId('run-interrupted')).toBeVisible();
  await deleteRunInFront(page);
  await expect(runEntries(page)).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(runEntries(page)).toHaveCount(1);
  await expect(runEntries(page).first()).toHaveAttribute('data-status', 'completed');
});
