import { test as base, expect, type Page } from '@playwright/test';

/**
 * The foundation fixture: every test fails when the page logs a console error
 * or throws, which is how a broken Monaco or pdf.js worker shows itself.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
        // Monaco only warns when it cannot start a web worker and falls back to the main thread.
        if (message.type() === 'warning' && /web worker|worker\(s\)/i.test(message.text())) errors.push(`worker warning: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors and page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function openWorkbench(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(page.locator('.monaco-editor .view-lines')).toBeVisible();
}

/** Chooses an item of a sidebar toolbar's "…" menu, as a person would: opens the menu, clicks the item. */
export async function chooseMenuItem(page: Page, menu: 'Project actions' | 'More file actions', item: string): Promise<void> {
  await page.getByRole('button', { name: menu, exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

export function treeItem(page: Page, name: string) {
  return page.getByRole('treeitem', { name, exact: true });
}

/** Opens the folder in the tree when it is closed. */
export async function expandFolder(page: Page, name: string): Promise<void> {
  const folder = treeItem(page, name);
  await expect(folder).toBeVisible();
  if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
  await expect(folder).toHaveAttribute('aria-expanded', 'true');
}

export function problemRows(page: Page) {
  return page.getByTestId('problem-row');
}

/** Fills the open prompt dialog and submits it. */
export async function answerPrompt(page: Page, value: string): Promise<void> {
  const dialog = page.getByTestId('prompt-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox').fill(value);
  await dialog.getByRole('textbox').press('Enter');
  await expect(dialog).toBeHidden();
}

export async function createFile(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New file' }).click();
  await answerPrompt(page, name);
  await expect(treeItem(page, name)).toBeVisible();
}

/** Focuses Monaco the way a user does: a click in the text area. */
export async function focusEditor(page: Page): Promise<void> {
  await page.locator('.monaco-editor .view-lines').click();
}

/** Puts the cursor at the end of a (1-based) line of the open editor. */
export async function goToLineEnd(page: Page, line: number): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+Home');
  for (let index = 1; index < line; index += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}

export async function editorText(page: Page): Promise<string> {
  // Monaco renders non-breaking spaces; normalise them for comparisons.
  return (await page.locator('.monaco-editor .view-lines').innerText()).replace(/\u00a0/g, ' ');
}

export async function expectSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved');
}

/** A new empty project (fresh storage holds only the example), opened with its main.worker. */
export async function newProject(page: Page, name: string): Promise<void> {
  await openWorkbench(page);
  await page.getByRole('button', { name: 'New project' }).click();
  await answerPrompt(page, name);
  await expect(page.getByTestId('project-select')).toHaveValue(name);
  await expect(page.getByTestId('editor-tab')).toHaveText('main.worker');
}

/** Replaces the open file's text the way a user pastes it. */
export async function replaceEditorText(page: Page, text: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
  await expect.poll(() => editorText(page)).toContain(text.split('\n')[2] ?? '');
}
