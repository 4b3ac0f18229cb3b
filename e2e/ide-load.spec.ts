import type { Page } from '@playwright/test';
import { holdScriptsNaming } from './helpers/held-scripts';
import { editorText, expandFolder, expect, expectSaved, focusEditor, test, treeItem } from './helpers/workbench-test';

/*
 * A first visit draws the example's tree from its manifest while storage opens and the example
 * is written (lib/state/workspace/projects-actions.ts). Here storage is held at its start (its
 * estimate answers only when the test says), so the page stays in that state as long as needed.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const estimate = navigator.storage.estimate.bind(navigator.storage);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    Object.assign(window, { releaseStorage: () => release() });
    navigator.storage.estimate = () => released.then(estimate);
  });
});

test('a first visit shows the example before storage is open, and the stored project takes its place keeping what was opened', async ({ page }) => {
  await page.goto('/');
  const workbench = page.getByTestId('workbench');
  await expect(treeItem(page, 'main.worker')).toBeVisible();
  await expect(workbench).toHaveAttribute('data-phase', 'starting');
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  // What acts on storage waits for it: the example is not stored yet.
  await expect(page.getByRole('button', { name: 'New file' })).toBeDisabled();
  await expect(page.getByTestId('history-button')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Project actions' })).toBeDisabled();

  // The rows answer before storage does: a folder opens, and a deck asked for opens once it is stored.
  await treeItem(page, 'input').click();
  await expect(treeItem(page, 'input')).toHaveAttribute('aria-expanded', 'true');
  await expect(treeItem(page, 'lumen-ledger.pdf')).toBeVisible();
  await treeItem(page, 'lumen-ledger.pdf').click();
  await expect(workbench).toHaveAttribute('data-phase', 'starting');

  await page.evaluate(() => (window as unknown as { releaseStorage: () => void }).releaseStorage());
  await expect(workbench).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByRole('button', { name: 'New file' })).toBeEnabled();
  await expect(treeItem(page, 'input')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('pdf-info')).toContainText('PDF');
  await expect(treeItem(page, 'lumen-ledger.pdf')).toHaveAttribute('aria-selected', 'true');

  // The tree is the stored one: an edit is saved and a reload shows the stored project.
  await treeItem(page, 'main.worker').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('main.worker');
  await focusEditor(page);
  // A comment in the frontmatter, near the top, where the editor shows it after the reload.
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('# Kept across the reload.');
  await expectSaved(page);
  await page.reload();
  await page.evaluate(() => (window as unknown as { releaseStorage: () => void }).releaseStorage());
  await expect(workbench).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await treeItem(page, 'main.worker').click();
  await expect.poll(() => editorText(page)).toContain('Kept across the reload.');
});

/*
 * A reload draws the last project's tree from the copy the browser keeps (lib/state/workspace/kept-tree.ts)
 * while storage opens; the stored tree then takes its place. Storage is held as above.
 */
const KEPT_TREE_KEY = 'workerbench:kept-tree';
const releaseStorage = (page: Page) => page.evaluate(() => (window as unknown as { releaseStorage: () => void }).releaseStorage());

/** A first visit that opens a file in a folder, so the reload reopens it there; storage is let go at once. */
async function visitAndOpenBrief(page: Page): Promise<void> {
  await page.goto('/');
  await releaseStorage(page);
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expandFolder(page, 'input');
  await treeItem(page, 'lumen-ledger.pdf').click();
  await expect(page.getByTestId('pdf-info')).toContainText('PDF');
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEPT_TREE_KEY)).toContain('lumen-ledger.pdf');
}

test('a reload shows the kept tree before storage opens, then the stored one, keeping the folders opened meanwhile', async ({ page }) => {
  await visitAndOpenBrief(page);
  // What another tab changed since: the copy lists a file that storage does not hold (and a name that is markup, shown as text).
  await page.evaluate((key) => {
    const kept = JSON.parse(localStorage.getItem(key)!) as { nodes: unknown[] };
    kept.nodes.push(['only-in-the-copy.md', 5], ['<img src=x onerror="window.hostileNameRan=1">', 5]);
    localStorage.setItem(key, JSON.stringify(kept));
  }, KEPT_TREE_KEY);

  await page.reload();
  const workbench = page.getByTestId('workbench');
  await expect(treeItem(page, 'only-in-the-copy.md')).toBeVisible();
  await expect(workbench).toHaveAttribute('data-phase', 'starting');
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  // The file that reopens is selected, its folder open; what acts on storage waits for it.
  await expect(treeItem(page, 'lumen-ledger.pdf')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'New file' })).toBeDisabled();
  await expect(treeItem(page, '<img src=x onerror="window.hostileNameRan=1">')).toBeVisible();
  // The rows answer before storage does.
  await treeItem(page, 'input').click();
  await expect(treeItem(page, 'input')).toHaveAttribute('aria-expanded', 'false');

  await releaseStorage(page);
  await expect(workbench).toHaveAttribute('data-phase', 'ready');
  await expect(treeItem(page, 'only-in-the-copy.md')).toHaveCount(0);
  await expect(treeItem(page, 'main.worker')).toBeVisible();
  // The stored tree keeps the folder closed and the row selected by the click meanwhile; the remembered file opens.
  await expect(treeItem(page, 'input')).toHaveAttribute('aria-expanded', 'false');
  await expect(treeItem(page, 'input')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('pdf-info')).toContainText('PDF');
  expect(await page.evaluate(() => (window as unknown as { hostileNameRan?: number }).hostileNameRan)).toBeUndefined();
  // The copy is the stored tree again.
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEPT_TREE_KEY)).not.toContain('only-in-the-copy.md');
});

const hostileCopies: Array<[string, string]> = [
  ['text that is not JSON', '{"version":1,"project":"pitch-deck-example","nodes":[['],
  ['a path that leaves the project', JSON.stringify({ version: 1, project: 'pitch-deck-example', nodes: [['..', 0, [['escaped.md', 1]]]] })],
  ['a project name that is a path', JSON.stringify({ version: 1, project: '../pitch-deck-example', nodes: [['a.md', 1]] })],
  ['a size that is not a number', JSON.stringify({ version: 1, project: 'pitch-deck-example', nodes: [['a.md', { valueOf: 1 }]] })],
];
for (const [what, copy] of hostileCopies) {
  test(`a kept tree copy with ${what} is ignored without error: the reload waits for storage`, async ({ page }) => {
    await visitAndOpenBrief(page);
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), { key: KEPT_TREE_KEY, value: copy });
    await page.reload();
    const workbench = page.getByTestId('workbench');
    await expect(workbench).toHaveAttribute('data-phase', 'starting');
    await expect(page.getByRole('treeitem')).toHaveCount(0);
    await releaseStorage(page);
    await expect(workbench).toHaveAttribute('data-phase', 'ready');
    await expect(treeItem(page, 'lumen-ledger.pdf')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('notice')).toHaveCount(0);
    // The stored tree is kept again.
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEPT_TREE_KEY)).toContain('lumen-ledger.pdf');
  });
}

/*
 * The header's controls render once the tree is shown, when their code has come
 * (components/workbench/after-tree.tsx); until then the server's HTML stands, with no handlers. The
 * page keeps a click on it and clicks the same place again once that part has rendered
 * (components/workbench/early-clicks.ts). Here the script with the header's controls (the one that
 * names the Settings button) is held until the test lets it go.
 */
test('a click on a header button before its code has arrived opens what it opens once the code is there', async ({ page }) => {
  await visitAndOpenBrief(page);
  const headerScripts = await holdScriptsNaming(page, 'settings-button');

  // Not until "load": the held script holds the page's load event too.
  await page.reload({ waitUntil: 'commit' });
  await expect(treeItem(page, 'main.worker')).toBeVisible();
  await expect.poll(() => headerScripts.count()).toBeGreaterThan(0);
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-dialog')).toHaveCount(0);

  await headerScripts.release();
  await releaseStorage(page);
  await expect(page.getByTestId('settings-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-dialog')).toHaveCount(0);
  // Once rendered, a click is the page's own again: one click, one dialog.
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-dialog')).toBeVisible();
  await headerScripts.stop();
});

/*
 * The parts inside the areas that render after the tree (the project menu, the editor, Problems)
 * keep the server's HTML until their code is here. Left to hydrate later, they vanished the moment
 * the tree appeared (the areas' layout, measured then, changes a context above them, and React
 * answers that by dropping server HTML it cannot hydrate yet), and the tree moved up under the
 * pointer, then down again when the menu came back. Here the project menu's script is held.
 */
test('the project menu, the editor and Problems stay in place while their code comes, and the tree does not move', async ({ page }) => {
  await visitAndOpenBrief(page);
  const menuScripts = await holdScriptsNaming(page, 'project-select');

  await page.reload({ waitUntil: 'commit' });
  await expect(treeItem(page, 'main.worker')).toBeVisible();
  await expect.poll(() => menuScripts.count()).toBeGreaterThan(0);
  const rowTop = async () => (await treeItem(page, 'main.worker').boundingBox())?.y;
  const topWithTheServersMenu = await rowTop();
  await expect(page.getByTestId('project-select')).toBeVisible();
  await expect(page.locator('[data-area="editor"] .editor-pane')).toBeVisible();
  await expect(page.getByTestId('problems-panel')).toBeVisible();

  await menuScripts.release();
  await releaseStorage(page);
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  expect(await rowTop()).toBe(topWithTheServersMenu);
  await menuScripts.stop();
});

/*
 * The file tree is a React root of its own, drawn before the page hydrates
 * (components/file-tree/file-tree-root.tsx). React listens for events on a document for the first
 * root made in it, so an early root made carelessly leaves the page's root deaf: every click outside
 * the tree is then ignored. Both must answer, on a first visit and on a reload.
 */
test('the tree, drawn before the page hydrates, and the rest of the page both answer the mouse and the keyboard, on a first visit and a reload', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  for (const load of ['first visit', 'reload'] as const) {
    if (load === 'first visit') await page.goto('/');
    else await page.reload();
    await releaseStorage(page);
    await expect(page.getByTestId('workbench'), load).toHaveAttribute('data-phase', 'ready');
    // The page hydrated in the task after the tree's render, so the browser could paint the tree
    // first (components/file-tree/paint-before-hydrating.ts): Next took the one empty inline script
    // the page listed for it to run before hydrating, and appended it to the head. That list is
    // Next's internal; if a Next version stops reading it, this fails (the page would still work,
    // hydrating in one task as before).
    const emptyInlineScripts = await page.evaluate(() => [...document.head.querySelectorAll('script:not([src])')].filter((script) => script.textContent === '').length);
    expect(emptyInlineScripts, load).toBe(1);
    // The tree's root: a click opens a folder, the keyboard moves through the rows and opens a file.
    const openBefore = await treeItem(page, 'input').getAttribute('aria-expanded');
    await treeItem(page, 'input').click();
    await expect(treeItem(page, 'input'), load).toHaveAttribute('aria-expanded', openBefore === 'true' ? 'false' : 'true');
    await treeItem(page, 'rubric.md').click();
    await page.keyboard.press('ArrowUp');
    await expect(treeItem(page, 'project.json'), load).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('editor-tab'), load).toHaveText('project.json');
    // The page's root: a toolbar button opens its dialog, Escape closes it; the header's buttons answer.
    await page.getByRole('button', { name: 'New file' }).click();
    await expect(page.getByTestId('prompt-dialog'), load).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('prompt-dialog'), load).toHaveCount(0);
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog'), load).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog'), load).toHaveCount(0);
  }
  expect(pageErrors).toEqual([]);
});
