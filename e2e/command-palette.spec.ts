import type { Page } from '@playwright/test';
import { paletteCommands } from '@/lib/state/ui/commands/command-list';
import { changedFiles, storedFileBytes } from './helpers/stored-files';
import { expect, expectSaved, openWorkbench, test } from './helpers/workbench-test';

/**
 * The command palette and F6 (issue #30): the keyboard-only journey from a fresh page — open the
 * palette, run the example through it, answer its question, stop the next run with Esc while it
 * asks, go round the areas with F6 and back — leaves every stored file as it was. Undo's "undone"
 * mark on a run survives a reload.
 */

const AREAS = ['files', 'editor', 'run', 'problems'] as const;

function latestRun(page: Page) {
  return page.getByTestId('run-entry').first();
}

function palette(page: Page) {
  return page.getByTestId('command-palette');
}

/** Opens the palette by its key, types, and runs the entry the filter puts first. */
async function runFromPalette(page: Page, typed: string, expectedCommand: string, key = 'Control+Shift+P'): Promise<void> {
  await page.keyboard.press(key);
  await expect(page.getByTestId('command-palette-input')).toBeFocused();
  await page.keyboard.type(typed);
  await expect(palette(page).locator('[cmdk-item][data-selected="true"]')).toHaveAttribute('data-command', expectedCommand);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
}

/** Which area holds the focus, and whether the browser shows it (:focus-visible). */
function focusState(page: Page): Promise<{ area: string | null; visible: boolean }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    const area = (active?.closest('[data-area]') as HTMLElement | null)?.dataset.area ?? null;
    return { area, visible: active?.matches(':focus-visible') ?? false };
  });
}

async function pressAndRecord(page: Page, key: string, times: number): Promise<string[]> {
  const visited: string[] = [];
  for (let index = 0; index < times; index += 1) {
    await page.keyboard.press(key);
    const { area, visible } = await focusState(page);
    expect(area, `${key} moves the focus into an area`).not.toBeNull();
    // Monaco draws its own cursor; every other area shows the browser's focus ring.
    if (area !== 'editor') expect(visible, `the focus in ${area} is visible`).toBe(true);
    visited.push(area!);
  }
  return visited;
}

test('keyboard only: the palette runs the example, its question is answered, Esc stops the next run while it asks, F6 goes round every area; no stored file changes', async ({ page }) => {
  // The example reads three decks and calls the model seven times: slow on a busy machine.
  test.setTimeout(300_000);
  await openWorkbench(page);
  await expectSaved(page);
  const storedBefore = await storedFileBytes(page);
  expect(Object.keys(storedBefore)).toContain('/projects/pitch-deck-example/main.worker');

  // Every action of the registry is listed, with its shortcut, and the project's files after them.
  await page.keyboard.press('Control+Shift+P');
  await expect(palette(page)).toBeVisible();
  await expect(palette(page).getByTestId('command-palette-item')).toHaveCount(paletteCommands().length);
  await expect(palette(page).locator('[data-command="run.open-worker"]')).toContainText('Ctrl+Enter');
  await expect(palette(page).locator('[data-command="view.next-area"]')).toContainText('F6');
  await expect(palette(page).getByTestId('command-palette-file').filter({ hasText: 'main.worker' })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();

  await runFromPalette(page, 'run the open worker', 'run.open-worker');
  const question = page.getByTestId('approval-item');
  await expect(question).toBeFocused();
  await page.keyboard.press('a');
  await expect(question).toBeHidden();
  await expect(latestRun(page)).toHaveAttribute('data-status', 'completed', { timeout: 200_000 });

  // F1 opens the palette too. The next run asks at once; Esc stops it while the question waits.
  await runFromPalette(page, 'run the open worker', 'run.open-worker', 'F1');
  await expect(question).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(latestRun(page)).toHaveAttribute('data-status', 'aborted');

  // A file by name from the palette; Problems (folded: the example has none) shown from it too.
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type('main.worker');
  await expect(palette(page).locator('[cmdk-item][data-selected="true"]')).toHaveText('main.worker');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('editor-tab')).toHaveText('main.worker');
  await runFromPalette(page, 'show or fold problems', 'view.toggle-problems');
  // The command runs once the palette has closed: its effect is waited for, as a person would see it.
  await expect(page.getByRole('button', { name: 'Fold Problems to its title' })).toBeVisible();

  // F6 goes files → editor → run panel → Problems and round again; Shift+F6 the other way.
  const forward = await pressAndRecord(page, 'F6', 5);
  const start = AREAS.indexOf(forward[0] as (typeof AREAS)[number]);
  expect(forward).toEqual([0, 1, 2, 3, 4].map((step) => AREAS[(start + step) % AREAS.length]));
  const backward = await pressAndRecord(page, 'Shift+F6', 4);
  expect(backward).toEqual([1, 2, 3, 4].map((step) => AREAS[(((start - step) % AREAS.length) + AREAS.length) % AREAS.length]));

  // A collapsed area is passed over.
  await runFromPalette(page, 'show or hide the run panel', 'view.toggle-run');
  await expect(page.getByRole('button', { name: 'Show the run panel' })).toBeVisible();
  expect(await pressAndRecord(page, 'F6', 4)).not.toContain('run');

  await page.waitForTimeout(1500);
  expect(changedFiles(storedBefore, await storedFileBytes(page))).toEqual([]);
});

test("undo from the palette marks the run undone in its row, and a reload keeps the mark", async ({ page }) => {
  test.setTimeout(300_000);
  await openWorkbench(page);
  await page.getByTestId('run-button').click();
  await page.getByTestId('approval-item').getByTestId('approve-once').click();
  await expect(latestRun(page)).toHaveAttribute('data-status', 'completed', { timeout: 200_000 });
  await expect(latestRun(page).getByTestId('run-undone-label')).toHaveCount(0);

  await runFromPalette(page, "undo the last run's changes", 'history.undo-last-run');
  const dialog = page.getByTestId('history-dialog');
  await expect(dialog.getByTestId('history-undo-plan')).toContainText('Delete evaluations/summary.md');
  await dialog.getByTestId('history-undo-confirm').click();
  await expect(dialog.getByRole('option').first()).toHaveAttribute('data-kind', 'undo');
  await dialog.getByTestId('history-close').click();
  await expect(latestRun(page).getByTestId('run-undone-label')).toHaveText('undone');

  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(latestRun(page)).toHaveAttribute('data-status', 'completed');
  await expect(latestRun(page).getByTestId('run-undone-label')).toHaveText('undone');
});
