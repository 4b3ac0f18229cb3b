import type { Page } from 'playwright-core';

/**
 * What the browser benches do in the IDE as a person would (playwright-core,
 * no test runner): open it, make a new project, replace the open file's text.
 */

/** Opens the IDE and a new empty project of that name, with its main.worker open in the editor. */
export async function openNewProject(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(baseUrl);
  await page.locator('[data-testid="workbench"][data-phase="ready"]').waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'New project' }).click();
  const prompt = page.getByTestId('prompt-dialog').getByRole('textbox');
  await prompt.fill(name);
  await prompt.press('Enter');
  // The new project open with its main.worker before typing into it (the example has a main.worker too).
  await page.waitForFunction((project) => (document.querySelector('[data-testid="project-select"]') as HTMLSelectElement | null)?.value === project, name, { timeout: 30_000 });
  await page.locator('[data-testid="editor-tab"]', { hasText: 'main.worker' }).waitFor({ timeout: 30_000 });
}

/**
 * Types `text` over the open file and waits until it is saved. Its last line
 * of text shows that the editor has it: the save indicator says "saved" of
 * the file before the typing too.
 */
export async function replaceOpenFile(page: Page, text: string): Promise<void> {
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
  const lastLine = text.split('\n').filter((line) => line.trim() !== '').at(-1) ?? '';
  await page.locator('.monaco-editor .view-lines', { hasText: lastLine }).waitFor({ timeout: 15_000 });
  await page.locator('[data-testid="save-indicator"][data-status="saved"]').waitFor({ timeout: 15_000 });
}
