import { editorText, expect, expectSaved, focusEditor, test, treeItem } from './helpers/workbench-test';

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
  await expect(page.getByRole('button', { name: 'Delete project' })).toBeDisabled();

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
