import type { Page } from '@playwright/test';
import { expect, openWorkbench, test } from './helpers/workbench-test';

/**
 * Fork: a finished run is re-run from a chosen step of one of its worker calls.
 * The steps before it come from the record (no request reaches the model for
 * them, and nothing is asked again); the model answers from that step on.
 */

function runEntries(page: Page) {
  return page.getByTestId('run-entry');
}

/** Counts the requests that reach the model proxy from now on. */
function countModelRequests(page: Page): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/model' && request.method() === 'POST') count += 1;
  });
  return { count: () => count };
}

test('fork the example run from the orchestrator\'s last step: only that step asks the model', async ({ page }) => {
  test.setTimeout(240_000);
  await openWorkbench(page);
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  const requests = countModelRequests(page);

  await page.getByTestId('run-button').click();
  await page.locator('[data-testid="approval-item"][data-tool="worker_create"]').getByTestId('approve-once').click();
  const original = page.getByTestId('run-document');
  await expect(original).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
  const originalRequests = requests.count();
  await expect(original.getByTestId('run-output').getByTestId('markdown-rendered')).toBeVisible();
  const originalOutput = await original.getByTestId('run-output').innerText();
  const root = original.locator('[data-testid="call-node"][data-depth="0"]');
  const rootSteps = await root.getAttribute('data-steps');
  expect(Number(rootSteps)).toBeGreaterThan(1);

  // Fork from the last step of the orchestrator (selected: the entry call), from the toolbar, with the keyboard.
  await expect(root).toHaveAttribute('aria-selected', 'true');
  const open = original.getByTestId('run-toolbar').getByTestId('fork-open');
  await open.focus();
  await page.keyboard.press('Enter');
  const form = original.getByTestId('fork-form');
  await form.getByTestId('fork-step').selectOption(String(rootSteps));
  await form.getByTestId('fork-model').selectOption('demo:scripted');
  await form.getByTestId('fork-run').click();

  await expect(runEntries(page)).toHaveCount(2);
  const forked = runEntries(page).first();
  await expect(forked).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
  await expect(forked.getByTestId('run-fork-label')).toBeVisible();
  // Every step before the fork point came from the record: one request, for the step forked from.
  expect(requests.count() - originalRequests).toBe(1);
  // No question came back: worker_create's recorded outcome stood.
  await expect(page.getByTestId('approval-item')).toHaveCount(0);
  // The fork opened as the tab in front.
  const forkedDocument = page.getByTestId('run-document');
  await expect(forkedDocument).toHaveAttribute('data-run-id', (await forked.getAttribute('data-run-id'))!);
  await expect(forkedDocument.getByTestId('run-output').getByTestId('markdown-rendered')).toBeVisible();
  expect(await forkedDocument.getByTestId('run-output').innerText()).toBe(originalOutput);
});
