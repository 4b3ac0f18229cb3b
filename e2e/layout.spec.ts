import type { Locator, Page } from '@playwright/test';
import { startChatCompletionsStandIn, type StandIn } from './helpers/chat-completions-stand-in';
import { SCREEN_SIZES, expectContentFits, expectScreenHoldsUp, screenshotFor } from './helpers/layout-checks';
import { runDetail, runDocument, selectRow } from './helpers/run-document';
import { startSecondServer, type SecondServer } from './helpers/second-server';
import { createFile, expect, expectSaved, focusEditor, newProject, openWorkbench, replaceEditorText, test } from './helpers/workbench-test';

/**
 * Screens that hold up (issue 29): each screen, at 1024x700 and 1440x900, passes the layout
 * checks (nothing wider than its box, every action on screen and uncovered, no text over text, the
 * page never scrolls) and an axe scan. Compare and Tests need two models: the server here also
 * offers an OpenAI-compatible stand-in beside the demo model.
 * LAYOUT_SCREENSHOTS=/some/dir keeps a screenshot of each screen at each size, to look at.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 35;
const STAND_IN_MODEL = 'openai-compatible:standin';

const WRITER = `---
name: main
description: Writes files.
toolsets: { filesystem: {} }
---
Write the files you are asked to write.
`;

// One line of flow YAML: typed into Monaco, block YAML would be re-indented by the editor.
const TESTS = `cases: [{ name: "The answer mentions the stand-in", input: "say something", checks: [{ contains: "from the stand-in" }] }, { name: "The answer is not an error report of any kind whatsoever", input: "say something else", checks: [{ not_contains: error, ignore_case: true }] }]
`;

let standIn: StandIn;
let server: SecondServer;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });
// Two sizes, each with an axe scan: several times a plain test's time on a shared machine.
test.describe.configure({ timeout: 300_000 });

test.beforeAll(async () => {
  standIn = await startChatCompletionsStandIn('from the stand-in');
  server = await startSecondServer(PORT, { OPENAI_COMPATIBLE_BASE_URL: standIn.baseUrl, OPENAI_COMPATIBLE_MODELS: 'standin', WORKERBENCH_DEFAULT_MODEL: 'demo:scripted' });
});

test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

/** Runs the checks on one screen at each size; `box` is the dialog or area the screen is about. */
async function checkAtEverySize(page: Page, name: string, box: Locator, include?: string): Promise<void> {
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await expect(box).toBeVisible();
    // Let the layout (splitters, Monaco's automaticLayout) settle at the new size.
    await page.waitForTimeout(300);
    await screenshotFor(page, name);
    await expectScreenHoldsUp(page, box, include === undefined ? {} : { include });
  }
}

test('the IDE at rest: four areas that fit, the page never scrolls, Problems folds when empty', async ({ page }) => {
  await openWorkbench(page);
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await screenshotFor(page, 'ide');
    for (const area of ['files', 'editor', 'problems', 'run']) await expectContentFits(page.locator(`[data-area="${area}"]`));
    await expectScreenHoldsUp(page, page.getByTestId('workbench'));
    // The example has no problems: Problems keeps only its title bar.
    const problems = await page.getByTestId('problems-panel').boundingBox();
    expect(problems?.height ?? 0).toBeLessThan(40);
    // The editor gets at least a third of the width, even at 1024 px.
    const editor = await page.locator('.editor-pane').boundingBox();
    expect(editor?.width ?? 0).toBeGreaterThan(size.width / 3);
  }
});

test('areas collapse and resize, and keep their sizes after a reload', async ({ page }) => {
  await openWorkbench(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const run = page.locator('[data-area="run"]');
  const before = (await run.boundingBox())!.width;
  // Drag the splitter between the editor and the run panel 120 px to the left: the run panel widens.
  const separator = page.getByRole('separator', { name: 'Resize the run panel' });
  const handle = (await separator.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x - 120, handle.y + handle.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await run.boundingBox())!.width).toBeGreaterThan(before + 100);
  const widened = (await run.boundingBox())!.width;

  await page.getByRole('button', { name: 'Hide the files sidebar' }).click();
  await expect.poll(async () => (await page.locator('[data-area="files"]').boundingBox())?.width ?? 0).toBeLessThan(2);
  // Collapsed, the sidebar's tree takes no focus: Tab from the header never lands in it.
  await expect(page.locator('[data-area="files"]')).toHaveCSS('visibility', 'hidden');
  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByRole('button', { name: 'Show the files sidebar' })).toBeVisible();
  await expect.poll(async () => Math.round((await run.boundingBox())!.width)).toBeGreaterThan(widened - 4);
  await page.getByRole('button', { name: 'Show the files sidebar' }).click();
  await expect(page.getByRole('treeitem').first()).toBeVisible();
});

test('a collapsed sidebar dragged open shows its files while the drag goes on, and stays open when released', async ({ page }) => {
  await openWorkbench(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const files = page.locator('[data-area="files"]');
  await page.getByRole('button', { name: 'Hide the files sidebar' }).click();
  await expect(files).toHaveCSS('visibility', 'hidden');
  const handle = (await page.getByRole('separator', { name: 'Resize the files sidebar' }).boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 260, handle.y + handle.height / 2, { steps: 8 });
  // Mid-drag: the column has its width and its content, not an empty gap.
  await expect.poll(async () => (await files.boundingBox())!.width).toBeGreaterThan(200);
  await expect(files).toHaveCSS('visibility', 'visible');
  await expect(page.getByRole('treeitem').first()).toBeVisible();
  await page.mouse.up();
  await expect(page.getByRole('button', { name: 'Hide the files sidebar' })).toBeVisible();
  await expect(files).toHaveCSS('visibility', 'visible');
  await expect.poll(async () => (await files.boundingBox())!.width).toBeGreaterThan(200);
});

test('the splitters work from the keyboard: arrows resize, Enter folds and opens, Home and End go to the limits', async ({ page }) => {
  await openWorkbench(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const files = page.locator('[data-area="files"]');
  const width = async () => Math.round((await files.boundingBox())!.width);
  const separator = page.getByRole('separator', { name: 'Resize the files sidebar' });
  await separator.focus();
  const before = await width();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(width).toBe(before + 32);
  await expect(separator).toHaveAttribute('aria-valuenow', String(Math.round(((before + 32) / 1440) * 100)));
  await page.keyboard.press('Home');
  await expect.poll(width).toBe(180);
  await page.keyboard.press('End');
  await expect.poll(width).toBe(Math.round(1440 * 0.4));
  // Enter folds the sidebar (and the header's button says so), Enter again opens it at its size.
  await page.keyboard.press('Enter');
  await expect.poll(width).toBeLessThan(2);
  await expect(page.getByRole('button', { name: 'Show the files sidebar' })).toBeVisible();
  await expect(separator).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(width).toBe(Math.round(1440 * 0.4));
  // Problems' splitter: up makes it taller than its title bar.
  const problems = page.locator('[data-area="problems"]');
  await page.getByRole('separator', { name: 'Resize Problems' }).focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await problems.boundingBox())!.height).toBeGreaterThan(80);
});

test('a stored layout that is not one the page wrote is ignored: the areas open at their defaults', async ({ page }) => {
  await openWorkbench(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const run = page.locator('[data-area="run"]');
  const defaultWidth = Math.round((await run.boundingBox())!.width);
  for (const stored of ['not json', JSON.stringify({ sizes: { run: 'wide', files: -5 }, collapsed: { files: 'yes' } }), `{"sizes":{"run":${'9'.repeat(500)}}}`]) {
    await page.evaluate((text) => localStorage.setItem('workerbench.layout', text), stored);
    await page.reload();
    await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
    await expect(page.getByRole('treeitem').first()).toBeVisible();
    expect(Math.round((await run.boundingBox())!.width)).toBe(defaultWidth);
  }
});

test("the sizes the earlier version kept (react-resizable-panels') are taken over once", async ({ page }) => {
  await openWorkbench(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => {
    localStorage.removeItem('workerbench.layout');
    localStorage.setItem('react-resizable-panels:workbench-columns', JSON.stringify({ 'files,center,run': { expandToSizes: {}, layout: [25, 35, 40] } }));
    localStorage.setItem('react-resizable-panels:workbench-rows', JSON.stringify({ 'editor,problems': { expandToSizes: {}, layout: [70, 30] } }));
  });
  await page.reload();
  await expect(page.getByRole('treeitem').first()).toBeVisible();
  await expect.poll(async () => Math.round((await page.locator('[data-area="files"]').boundingBox())!.width)).toBe(360);
  await expect.poll(async () => Math.round((await page.locator('[data-area="run"]').boundingBox())!.width)).toBe(576);
  await expect.poll(() => page.evaluate(() => [localStorage.getItem('react-resizable-panels:workbench-columns'), localStorage.getItem('react-resizable-panels:workbench-rows')])).toEqual([null, null]);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('workerbench.layout') ?? '{}').sizes?.files)).toBe(25);
});

test('an approval: one-line fields for one-line values, Approve and Deny in sight', async ({ page }) => {
  await newProject(page, 'layout-approval');
  await replaceEditorText(page, WRITER);
  await page.getByTestId('run-input').fill('write "hello from the layout check" to notes.txt');
  await page.getByTestId('run-button').click();
  const question = page.getByTestId('approval-item');
  await expect(question).toBeVisible();
  await expect(question.getByTestId('approval-field-path')).toHaveJSProperty('tagName', 'INPUT');
  await checkAtEverySize(page, 'approval', page.getByTestId('approval-dialog'));
  await question.getByTestId('deny').click();
  await expect(question).toBeHidden();
});

test('a finished run document: its toolbar, tree and detail fit at 1024, 1440 and 1920 wide', async ({ page }) => {
  await openWorkbench(page);
  await page.getByTestId('run-button').click();
  await page.locator('[data-testid="approval-item"][data-tool="worker_create"]').getByTestId('approve-once').click();
  const document = runDocument(page);
  await expect(document).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
  // An evaluator's call selected: its report (a markdown table) in the detail pane.
  await selectRow(page, document.locator('[data-testid="tool-call"][data-tool="pitch_evaluator"]').first());
  await expect(runDetail(page).getByTestId('tool-result').locator('table')).toBeVisible();
  for (const size of [...SCREEN_SIZES, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await screenshotFor(page, 'run-document');
    await expectScreenHoldsUp(page, document);
    // Every toolbar action is in the window, the overflow menu's included.
    for (const action of await document.getByRole('toolbar').getByRole('button').all()) {
      const box = (await action.boundingBox())!;
      expect.soft(box.x + box.width, `${await action.getAttribute('aria-label')} inside the window`).toBeLessThanOrEqual(size.width);
    }
  }
});

test('History with a diff: the versions beside the files, the diff side by side in the dark theme', async ({ page }) => {
  await newProject(page, 'layout-history');
  // The project's history starts when it opens, in the background; an edit saved before that start would
  // be part of the first version. Opening History waits for it.
  const dialog = page.getByTestId('history-dialog');
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(dialog.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('\nOne more line the person wrote.\n');
  await page.keyboard.press('ControlOrMeta+S');
  await expectSaved(page);
  // Opening History makes the saved edits a version at once (otherwise they become one after 5 s idle).
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(dialog.getByRole('option').first()).toHaveAttribute('data-kind', 'person');
  await dialog.getByTestId('history-details').locator('li', { hasText: 'main.worker' }).getByRole('button', { name: 'Diff' }).click();
  const diff = dialog.getByTestId('history-diff').locator('.monaco-diff-editor');
  await expect(diff).toBeVisible();
  // The app's theme (on the diff's editors), and side by side (two editors).
  await expect(diff).toHaveClass(/side-by-side/);
  await expect(diff.locator('.monaco-editor.vs-dark').first()).toBeVisible();
  await expect(diff.locator('.monaco-editor.vs')).toHaveCount(0);
  await expect(dialog.getByTestId('history-diff').locator('.editor.original')).toBeVisible();
  await checkAtEverySize(page, 'history', dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Closing the diff left the main editor in the app's theme.
  await expect(page.locator('.code-editor .monaco-editor').first()).toHaveClass(/vs-dark/);
});

test('Share and Settings fit their dialogs', async ({ page }) => {
  await openWorkbench(page);
  await page.getByTestId('share-button').click();
  const share = page.getByTestId('share-dialog');
  await expect(share).toBeVisible();
  await checkAtEverySize(page, 'share', share);
  await page.keyboard.press('Escape');
  await expect(share).toBeHidden();

  await page.getByTestId('settings-button').click();
  const settings = page.getByTestId('settings-dialog');
  await checkAtEverySize(page, 'settings', settings);
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
});

test('Compare with results: the table fits the large dialog, the diff below it', async ({ page }) => {
  await newProject(page, 'layout-compare');
  await replaceEditorText(page, WRITER.replace('toolsets: { filesystem: {} }', 'toolsets: { filesystem: { approvals: { write_file: pre_approved } } }'));
  await page.getByTestId('run-input').fill('write "from the demo" to answers/a-rather-long-folder-name/answer-file.md');
  await page.getByTestId('compare-button').click();
  const dialog = page.getByTestId('compare-dialog');
  await dialog.locator('input[data-model="demo:scripted"]').check();
  await dialog.locator(`input[data-model="${STAND_IN_MODEL}"]`).check();
  await dialog.getByTestId('compare-run').click();
  const rows = dialog.getByTestId('compare-row');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(dialog.getByTestId('compare-diff')).toBeVisible();
  // The diff comes below the table, not over it.
  const table = (await dialog.getByTestId('compare-table').boundingBox())!;
  const diff = (await dialog.getByTestId('compare-diff').boundingBox())!;
  expect(diff.y).toBeGreaterThanOrEqual(table.y + table.height);
  await checkAtEverySize(page, 'compare', dialog);
});

test('Tests with results: the cases table and the totals fit, numbers right-aligned', async ({ page }) => {
  await newProject(page, 'layout-tests');
  await createFile(page, 'main.tests.yaml');
  await replaceEditorText(page, TESTS);
  await expectSaved(page);
  await page.getByTestId('tests-button').click();
  const dialog = page.getByTestId('tests-dialog');
  await expect(dialog.getByTestId('tests-file')).toHaveValue('main.tests.yaml');
  await dialog.locator(`input[data-model="${STAND_IN_MODEL}"]`).check();
  await dialog.getByTestId('tests-run').click();
  await expect(dialog.getByTestId('tests-total')).toHaveCount(2, { timeout: 60_000 });
  await expect(dialog.getByTestId('tests-run')).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByTestId('tests-passed').first()).toHaveCSS('text-align', 'right');
  await checkAtEverySize(page, 'tests', dialog);
});
