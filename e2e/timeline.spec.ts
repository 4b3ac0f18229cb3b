import { expect, openWorkbench, test } from './helpers/workbench-test';

/**
 * The timeline of a run: one bar per worker call on a shared time axis, the
 * person's approval a marked wait on the orchestrator's bar, the evaluators
 * overlapping (they run at once), opened from the keyboard, and the same
 * after a reload (kept runs have their timing).
 */
test('the example run\'s timeline shows every call, the approval wait and the fan-out, before and after a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await openWorkbench(page);
  await page.getByTestId('run-button').click();
  await page.locator('[data-testid="approval-item"][data-tool="worker_create"]').getByTestId('approve-once').click();
  const run = page.getByTestId('run-entry').first();
  await expect(run).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });

  const check = async () => {
    // The run opens as a tab when it starts; after a reload, its row in the Run panel opens it.
    await page.getByTestId('run-entry').first().getByRole('button').click();
    const document = page.getByTestId('run-document');
    const toggle = document.getByTestId('timeline-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const timeline = document.getByTestId('run-timeline');
    const rows = timeline.getByTestId('timeline-row');
    // One bar per worker call of the tree.
    await expect(rows).toHaveCount(await document.getByTestId('call-node').count());
    await expect(rows).toHaveCount(4);
    const main = timeline.locator('[data-testid="timeline-row"][data-worker="main"]');
    await expect(main.locator('[data-kind="approval"]')).toHaveCount(1);
    await expect(main.getByTestId('timeline-bar')).toHaveAttribute('aria-label', /waiting for approval of worker_create \(approved\)/);
    // The three evaluators ran at once: their bars overlap on the shared axis.
    const spans = await timeline.locator('[data-testid="timeline-row"][data-worker="pitch_evaluator"] [data-testid="timeline-bar"]').evaluateAll((bars) =>
      bars.map((bar) => {
        const box = bar.getBoundingClientRect();
        return [box.left, box.right];
      }),
    );
    expect(spans).toHaveLength(3);
    expect(Math.max(...spans.map(([left]) => left!))).toBeLessThan(Math.min(...spans.map(([, right]) => right!)));
    // A bar is a keyboard stop that shows its call in the tree, selected.
    const bar = timeline.locator('[data-testid="timeline-row"][data-worker="pitch_evaluator"] [data-testid="timeline-bar"]').first();
    await bar.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid="call-node"][data-worker="pitch_evaluator"]:focus')).toHaveCount(1);
    await expect(page.locator('[data-testid="call-node"][data-worker="pitch_evaluator"]:focus')).toHaveAttribute('aria-selected', 'true');
    await expect(document.getByTestId('call-detail')).toHaveAttribute('data-worker', 'pitch_evaluator');
  };
  await check();
  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'completed');
  await check();
});
