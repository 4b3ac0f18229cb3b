import type { Page } from '@playwright/test';
import { runDetail, runDocument } from './helpers/run-document';
import { expectNoSeriousA11yViolations, SCREEN_SIZES } from './helpers/layout-checks';
import { createFile, editorText, expect, focusEditor, newProject, openWorkbench, replaceEditorText, test } from './helpers/workbench-test';
import { HELPER, MAIN_DELEGATING } from './helpers/delegating-workers';

/**
 * A run is a document (issue #29): it opens as an editor-area tab with a
 * toolbar, a call tree collapsed by default and driven by the keyboard, and a
 * detail pane for the selected row; the Run panel keeps a compact list whose
 * rows open their run. Screenshots go to /tmp for a person to look at.
 */

/** main delegates a write to helper; the write is approved once; the run completes with its tab in front. */
async function delegatedRun(page: Page, project: string): Promise<void> {
  await newProject(page, project);
  await replaceEditorText(page, MAIN_DELEGATING);
  await createFile(page, 'helper.worker');
  await replaceEditorText(page, HELPER);
  // The picker follows the open worker (helper.worker); the run starts from main.
  await expect(page.getByTestId('worker-select')).toHaveValue('helper');
  await page.getByTestId('worker-select').selectOption('main');
  await page.getByTestId('run-input').fill('delegate to helper: write "hello from helper" to out/greeting');
  await page.getByTestId('run-button').click();
  await page.getByTestId('approval-dialog').getByTestId('approve-once').click();
  await expect(runDocument(page)).toHaveAttribute('data-status', 'completed');
}

/** Every button of the run's toolbar lies inside the viewport and is the element at its own centre (nothing covers it). */
async function expectToolbarOnScreen(page: Page): Promise<void> {
  const viewport = page.viewportSize()!;
  const toolbar = page.getByTestId('run-toolbar');
  const buttons = toolbar.getByRole('button');
  expect(await buttons.count()).toBe(6);
  for (const testId of ['replay-run', 'fork-open', 'timeline-toggle', 'share-run', 'export-run-record', 'run-more']) {
    const button = toolbar.getByTestId(testId);
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.x, testId).toBeGreaterThanOrEqual(0);
    expect(box.y, testId).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, testId).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height, testId).toBeLessThanOrEqual(viewport.height);
    const onTop = await page.evaluate(
      ({ x, y, id }) => document.elementFromPoint(x, y)?.closest(`[data-testid="${id}"]`) !== null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2, id: testId },
    );
    expect(onTop, `${testId} is not covered`).toBe(true);
  }
  // The document itself fits its area: nothing wider than the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
}

test('a finished run opens as a tab: collapsed tree, keyboard, the selected row in the detail pane', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await delegatedRun(page, 'run-document');
  const document = runDocument(page);
  const runId = await document.getAttribute('data-run-id');
  await expect(page.locator(`[data-testid="run-tab"][data-run-id="${runId}"]`).getByRole('tab', { selected: true })).toBeVisible();

  // One row per worker call and per tool call; the helper's call is collapsed, so its write is not listed yet.
  const tree = document.getByRole('tree', { name: 'Calls of this run' });
  const main = tree.locator('[data-testid="call-node"][data-worker="main"]');
  const helperTool = tree.locator('[data-testid="tool-call"][data-tool="helper"]');
  const helperCall = tree.locator('[data-testid="call-node"][data-worker="helper"]');
  const write = tree.locator('[data-testid="tool-call"][data-tool="write_file"]');
  await expect(main).toHaveAttribute('aria-expanded', 'true');
  await expect(main).toHaveAttribute('aria-level', '1');
  await expect(helperTool).toHaveAttribute('aria-level', '2');
  await expect(helperCall).toHaveAttribute('aria-level', '3');
  await expect(helperCall).toHaveAttribute('aria-expanded', 'false');
  await expect(helperCall).toContainText('demo:scripted');
  await expect(helperCall.getByTestId('call-tokens')).toContainText(/\d+ in \/ \d+ out/);
  await expect(write).toHaveCount(0);
  // Rows are one line each: the whole run fits in a few hundred pixels, not thousands.
  expect((await tree.boundingBox())!.height).toBeLessThan(300);

  // The entry call is selected: its detail has the run's input and final output, rendered with a Raw toggle.
  await expect(main).toHaveAttribute('aria-selected', 'true');
  const detail = runDetail(page);
  await expect(detail.getByTestId('call-input')).toContainText('delegate to helper');
  const output = detail.getByTestId('run-output');
  await expect(output).toContainText('I delegated to 1 worker call');
  await output.getByRole('button', { name: 'Raw' }).click();
  await expect(output.getByTestId('markdown-raw')).toContainText('I delegated to 1 worker call');
  await expect(detail.getByTestId('detail-tokens')).toContainText(/\d+ in \/ \d+ out/);

  // Keyboard: Down moves along the rows, Right opens a collapsed worker call, Enter closes it again.
  await main.focus();
  await page.keyboard.press('ArrowDown');
  await expect(helperTool).toBeFocused();
  await expect(detail.getByTestId('tool-detail')).toHaveAttribute('data-tool', 'helper');
  await page.keyboard.press('ArrowDown');
  await expect(helperCall).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(helperCall).toHaveAttribute('aria-expanded', 'true');
  await expect(write).toHaveAttribute('aria-level', '4');
  await page.keyboard.press('Enter');
  await expect(helperCall).toHaveAttribute('aria-expanded', 'false');
  await expect(write).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(write).toBeFocused();
  // Left goes back to the parent row.
  await page.keyboard.press('ArrowLeft');
  await expect(helperCall).toBeFocused();

  // A tool call's detail: its arguments, how it was approved, its result, its timings.
  await write.click();
  await expect(write).toHaveAttribute('aria-selected', 'true');
  await expect(detail.getByTestId('tool-args')).toContainText('out/greeting');
  await expect(detail.getByTestId('detail-approval')).toHaveText('approved once');
  await expect(detail.getByTestId('tool-result')).toBeVisible();
  await page.screenshot({ path: '/tmp/run-document-1440.png' });

  // The file tab brings the editor back, as it was; the run's tab stays open.
  await page.getByTestId('editor-tab').click();
  await expect(document).toHaveCount(0);
  await expect.poll(() => editorText(page)).toContain('Write the files you are asked to write.');
  await page.getByTestId('run-entry').first().getByRole('button').click();
  await expect(runDocument(page)).toHaveAttribute('data-run-id', runId!);
});

for (const size of [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
]) {
  test(`the toolbar's actions are inside the viewport at ${size.width}x${size.height}; Delete is in the overflow menu`, async ({ page }) => {
    // Written at 1440 px: at 1024 px the editor is too narrow for Monaco to show a line whole (the area
    // sizes are another change's), and typing the workers is not what this test is about.
    await page.setViewportSize({ width: 1440, height: 900 });
    await delegatedRun(page, `toolbar-${size.width}`);
    await page.setViewportSize(size);
    await expectToolbarOnScreen(page);
    await page.screenshot({ path: `/tmp/run-document-${size.width}.png` });

    await page.getByTestId('run-more').click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const remove = menu.getByRole('menuitem', { name: /Delete this run/ });
    const box = (await remove.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    expect(box.y + box.height).toBeLessThanOrEqual(size.height);
    await page.screenshot({ path: `/tmp/run-document-menu-${size.width}.png` });
    await remove.click();
    await expect(page.getByTestId('run-entry')).toHaveCount(0);
    await expect(page.getByTestId('run-tab')).toHaveCount(0);
    await expect(runDocument(page)).toHaveCount(0);
    await expect(page.getByTestId('editor-tab')).toHaveAttribute('aria-selected', 'true');
  });
}

test('the run list has one compact row per run, told apart by input, model and time; a row opens its run', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await newProject(page, 'run-list');
  await page.getByTestId('run-input').fill('First question. About apples.');
  await page.getByTestId('run-button').click();
  await expect(runDocument(page)).toHaveAttribute('data-status', 'completed');
  const first = await runDocument(page).getAttribute('data-run-id');
  await page.getByTestId('run-input').fill('Second question. About pears.');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-entry')).toHaveCount(2);
  await expect(runDocument(page)).not.toHaveAttribute('data-run-id', first!);
  await expect(runDocument(page)).toHaveAttribute('data-status', 'completed');

  const rows = page.getByTestId('run-entry');
  // Newest first, each with its own input, its model, when it started, how long it took and its cost.
  await expect(rows.nth(0).getByTestId('run-input-snippet')).toHaveText('Second question. About pears.');
  await expect(rows.nth(1).getByTestId('run-input-snippet')).toHaveText('First question. About apples.');
  for (const index of [0, 1]) {
    await expect(rows.nth(index).getByTestId('run-model')).toHaveText('demo:scripted');
    await expect(rows.nth(index).getByTestId('run-when')).toHaveText(/just now|\d+ s ago/);
    await expect(rows.nth(index).getByRole('img', { name: 'completed' })).toBeVisible();
    // One row is a line or two, not a tree.
    expect((await rows.nth(index).boundingBox())!.height).toBeLessThan(60);
  }
  // The row of the run in front is marked; another row's click brings its run to the front.
  await expect(rows.nth(0).getByRole('button')).toHaveAttribute('aria-current', 'page');
  await rows.nth(1).getByRole('button').click();
  await expect(runDocument(page)).toHaveAttribute('data-run-id', first!);
  await expect(rows.nth(1).getByRole('button')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('run-tab')).toHaveCount(2);
  // Closing the front tab shows its neighbour.
  await page.locator(`[data-testid="run-tab"][data-run-id="${first}"]`).getByTestId('run-tab-close').click();
  await expect(page.getByTestId('run-tab')).toHaveCount(1);
  await expect(runDocument(page)).not.toHaveAttribute('data-run-id', first!);
  await page.screenshot({ path: '/tmp/run-list-1440.png' });
});

/** Starts a run of main from the Run panel and waits for it to finish in front; gives its id. */
async function finishedRun(page: Page, input: string): Promise<string> {
  // The run in front before the click: until the new run's document replaces it, that one's
  // "completed" would answer for the new run.
  const before = (await runDocument(page).count()) > 0 ? await runDocument(page).getAttribute('data-run-id') : null;
  await page.getByTestId('run-input').fill(input);
  await page.getByTestId('run-button').click();
  await expect(runDocument(page)).not.toHaveAttribute('data-run-id', before ?? '');
  await expect(runDocument(page)).toHaveAttribute('data-status', 'completed');
  await expect(runDocument(page)).toHaveAttribute('data-run-id', /./);
  return (await runDocument(page).getAttribute('data-run-id'))!;
}

test('the editor tabs are a tab list: arrow keys between the file and two runs, Enter shows one, Delete closes; the file keeps its text and undo', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await newProject(page, 'editor-tabs');
  // An edit to undo at the end: the file's editor stays mounted behind the runs' tabs.
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('\nKept behind the tabs.');
  await expect.poll(() => editorText(page)).toContain('Kept behind the tabs.');
  const first = await finishedRun(page, 'First question. About apples.');
  const second = await finishedRun(page, 'Second question. About pears.');
  expect(second).not.toBe(first);

  const list = page.getByRole('tablist', { name: 'Open file and runs' });
  // Radix's list (it marks its orientation as data) has replaced the plain one: the arrow keys work.
  await expect(list).toHaveAttribute('data-orientation', 'horizontal');
  const fileTab = page.getByTestId('editor-tab');
  const runTab = (runId: string) => page.locator(`[data-testid="run-tab"][data-run-id="${runId}"]`).getByRole('tab');
  await expect(list.getByRole('tab')).toHaveCount(3);
  await expect(runTab(second)).toHaveAttribute('aria-selected', 'true');

  // Every tab controls a tab panel that names it back; only the panel in front shows.
  const links = await list.getByRole('tab').evaluateAll((tabs) =>
    tabs.map((tab) => {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      return { role: panel?.getAttribute('role'), labelledBy: panel?.getAttribute('aria-labelledby') === tab.id, shown: panel !== null && !panel.hidden, selected: tab.getAttribute('aria-selected') === 'true' };
    }),
  );
  expect(links).toEqual([
    { role: 'tabpanel', labelledBy: true, shown: false, selected: false },
    { role: 'tabpanel', labelledBy: true, shown: false, selected: false },
    { role: 'tabpanel', labelledBy: true, shown: true, selected: true },
  ]);

  // The file's tab by click; then the arrows move the focus only (manual activation), Enter or Space shows.
  await fileTab.click();
  await expect(fileTab).toHaveAttribute('aria-selected', 'true');
  await expect(runDocument(page)).toHaveCount(0);
  await expect.poll(() => editorText(page)).toContain('Kept behind the tabs.');
  await expect(fileTab).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(runTab(first)).toBeFocused();
  await expect(fileTab).toHaveAttribute('aria-selected', 'true');
  await expect(runDocument(page)).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(runTab(second)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(runTab(second)).toHaveAttribute('aria-selected', 'true');
  await expect(runDocument(page)).toHaveAttribute('data-run-id', second);
  // Home and End go to the ends; the arrows wrap around.
  await page.keyboard.press('Home');
  await expect(fileTab).toBeFocused();
  await page.keyboard.press('End');
  await expect(runTab(second)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(fileTab).toBeFocused();
  // One key at a time: Radix moves the focus in a timeout after the keydown, so a second key pressed
  // at once would start from the tab the first one left (no person types that fast).
  await page.keyboard.press('ArrowLeft');
  await expect(runTab(second)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(runTab(first)).toBeFocused();
  await page.keyboard.press(' ');
  await expect(runDocument(page)).toHaveAttribute('data-run-id', first);
  await expect(runTab(first)).toHaveAttribute('aria-selected', 'true');
  await expect(runTab(second)).toHaveAttribute('aria-selected', 'false');

  // The screen with a file tab and two run tabs: no serious accessibility violation; a look at both sizes and themes.
  await expectNoSeriousA11yViolations(page);
  for (const theme of ['dark', 'light']) {
    if ((await page.locator('html').getAttribute('data-theme')) !== theme) await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/editor-tabs-${theme}-${size.width}.png` });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Delete on a tab behind (the second) closes it and leaves the focus on its left neighbour, the run in front.
  await runTab(first).focus();
  await page.keyboard.press('ArrowRight');
  await expect(runTab(second)).toBeFocused();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('run-tab')).toHaveCount(1);
  await expect(runTab(first)).toBeFocused();
  await expect(runDocument(page)).toHaveAttribute('data-run-id', first);
  // Delete on the tab in front: the file comes to the front and takes the focus.
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('run-tab')).toHaveCount(0);
  await expect(fileTab).toHaveAttribute('aria-selected', 'true');
  await expect(fileTab).toBeFocused();

  // The file's editor kept its text and its undo history through it all.
  await expect.poll(() => editorText(page)).toContain('Kept behind the tabs.');
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+Z');
  await expect.poll(() => editorText(page)).not.toContain('Kept behind the tabs.');
});

test('a tab focused before the arrow keys arrive keeps the focus when Radix takes over the tab list', async ({ page }) => {
  // Radix's tabs come in a chunk fetched when the page is idle; it is held until a tab has the focus.
  let releaseTabs: () => void = () => {};
  const tabsMayArrive = new Promise<void>((resolve) => (releaseTabs = resolve));
  await page.route('**/_next/static/chunks/**', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('TabsTrigger')) await tabsMayArrive;
    await route.fulfill({ response, body });
  });
  await openWorkbench(page);
  const list = page.getByRole('tablist', { name: 'Open file and runs' });
  const fileTab = page.getByTestId('editor-tab');
  await expect(fileTab).toBeVisible();
  await expect(list).not.toHaveAttribute('data-orientation', /./);
  await fileTab.focus();
  await expect(fileTab).toBeFocused();

  releaseTabs();
  await expect(list).toHaveAttribute('data-orientation', 'horizontal');
  await expect(fileTab).toBeFocused();
  // Chunks still on their way (Monaco's, the idle prefetches) pass through the handler above; the
  // page closing under one disposes its response ("Response has been disposed"), which is not this test's concern.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
