import type { Page } from '@playwright/test';
import { holdScriptsNaming } from './helpers/held-scripts';
import { changedFiles, storedFileBytes } from './helpers/stored-files';
import { openRun, runDocument } from './helpers/run-document';
import { createFile, editorText, expect, expectSaved, focusEditor, newProject, openWorkbench, replaceEditorText, test, treeItem } from './helpers/workbench-test';

/**
 * Keyboard and guidance (issue #30): Tab never gets trapped in (or types into) the code editor;
 * the keyboard-only journey through a run, its question and Esc; Run follows the open worker; the
 * model shown is the one used; Replay's notice with a way back; the first visit's one-click run.
 */

const MAIN_WORKER_PATH = '/projects/pitch-deck-example/main.worker';

function focusIsInEditor(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.closest('.monaco-editor') != null);
}

test('Tabs from a fresh page pass through the editor without changing a stored file', async ({ page }) => {
  await openWorkbench(page);
  await expectSaved(page);
  const textBefore = await editorText(page);
  const storedBefore = await storedFileBytes(page);
  expect(Object.keys(storedBefore)).toContain(MAIN_WORKER_PATH);

  let reachedEditor = false;
  let leftEditor = false;
  // Every stop before the editor (header, splitters, the file tree's toolbar) and then some: bounded, and ends once the editor is left.
  for (let index = 0; index < 120 && !leftEditor; index += 1) {
    await page.keyboard.press('Tab');
    const inEditor = await focusIsInEditor(page);
    if (inEditor) reachedEditor = true;
    else if (reachedEditor) leftEditor = true;
  }
  expect(reachedEditor, 'Tab reaches the editor').toBe(true);
  expect(leftEditor, 'the next Tab leaves it').toBe(true);
  await expect(page.getByTestId('tab-mode')).toHaveText(/Tab moves focus · Ctrl\+M: Tab indents/);

  // Longer than the autosave delay: an indented line would be stored by now.
  await page.waitForTimeout(1500);
  expect(await editorText(page)).toBe(textBefore);
  expect(changedFiles(storedBefore, await storedFileBytes(page))).toEqual([]);
});

test('Ctrl+M switches what Tab does in the editor, and a click into the text makes Tab indent', async ({ page }) => {
  await openWorkbench(page);
  const status = page.getByTestId('tab-mode');
  await expect(status).toHaveText(/^Tab indents/);
  // Shift+Tab from the status line arrives in the editor by keyboard.
  await status.focus();
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => focusIsInEditor(page)).toBe(true);
  await expect(status).toHaveText(/^Tab moves focus/);
  await page.keyboard.press('Control+m');
  await expect(status).toHaveText(/^Tab indents/);
  await page.keyboard.press('Control+m');
  await expect(status).toHaveText(/^Tab moves focus/);
  await page.keyboard.press('Tab');
  await expect.poll(() => focusIsInEditor(page)).toBe(false);

  await page.locator('.monaco-editor .view-lines').click();
  await expect(status).toHaveText(/^Tab indents/);
});

function latestRun(page: Page) {
  return page.getByTestId('run-entry').first();
}

function focusIsOnBody(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement === null || document.activeElement === document.body);
}

test('keyboard only: run the example, answer its question, stop the next run with Esc while it asks; no stored file changes', async ({ page }) => {
  // The example reads three decks and calls the model seven times: slow on a busy machine.
  test.setTimeout(300_000);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await openWorkbench(page);
  await expectSaved(page);
  const storedBefore = await storedFileBytes(page);
  expect(Object.keys(storedBefore)).toContain(MAIN_WORKER_PATH);

  // The Run panel (with its keys) loads once the project is ready (run-panel-slot.tsx). A Ctrl+Enter
  // before that is kept until it has (the test after this one); here the key comes to the panel.
  await expect(page.getByTestId('run-button')).toBeVisible();
  // Ctrl+Enter with the focus nowhere in particular runs the open tab's worker (the example's main).
  await page.keyboard.press('Control+Enter');
  const question = page.getByTestId('approval-item');
  await expect(question).toBeFocused();
  await expect(page.getByTestId('approval-announcer')).toContainText('Approval needed: worker_create');
  await page.keyboard.press('a');
  await expect(question).toBeHidden();
  // The focus came back to the run's controls instead of falling to the page.
  await expect.poll(() => focusIsOnBody(page)).toBe(false);
  await expect(latestRun(page)).toHaveAttribute('data-status', 'completed', { timeout: 200_000 });
  // The decks were read with pdf.js's standard fonts served by the app: no warning that it has none.
  expect(warnings.filter((text) => /standardFontDataUrl/.test(text))).toEqual([]);
  // The summary, a markdown result, opens rendered.
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md');
  await expect(page.getByTestId('markdown-preview')).toContainText('Tidewater Robotics');

  // The next run asks again at once; Esc stops it while the question waits.
  await page.keyboard.press('Control+Enter');
  await expect(question).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(latestRun(page)).toHaveAttribute('data-status', 'aborted');
  await expect.poll(() => focusIsOnBody(page)).toBe(false);

  await page.waitForTimeout(1500);
  expect(changedFiles(storedBefore, await storedFileBytes(page))).toEqual([]);
});

/*
 * The Run panel, whose listener runs Ctrl+Enter, loads once the project is ready
 * (run-panel-slot.tsx). A Ctrl+Enter pressed before its code has come is kept and runs once it
 * has (components/run/early-run-shortcut.ts). Here the script with the panel's Run button is held
 * until the key has been pressed.
 */
test('Ctrl+Enter pressed before the Run panel\'s code has come runs the open worker once it has', async ({ page }) => {
  const runPanelScripts = await holdScriptsNaming(page, '"run-button"');
  await openWorkbench(page);
  await expect.poll(() => runPanelScripts.count()).toBeGreaterThan(0);
  // The placeholder stands: no Run button, nothing running.
  await expect(page.getByTestId('run-button')).toHaveCount(0);
  await page.keyboard.press('Control+Enter');

  await runPanelScripts.release();
  // The example's main worker asks before it creates its evaluators: the run has started.
  const question = page.getByTestId('approval-item');
  await expect(question).toBeFocused();
  await expect(page.getByTestId('approval-announcer')).toContainText('Approval needed: worker_create');
  await page.keyboard.press('Escape');
  await expect(latestRun(page)).toHaveAttribute('data-status', 'aborted');
  // Once the panel is there, the key is its own: one press, one run.
  await expect(page.getByTestId('run-entry')).toHaveCount(1);
  await runPanelScripts.stop();
});

const GREETER = `---
name: greeter2
description: Greets.
---
Greet the person.
`;

test('Run follows the open worker: the picker, Ctrl+Enter in the editor and the tab\'s Run button', async ({ page }) => {
  await newProject(page, 'follow-open');
  const picker = page.getByTestId('worker-select');
  await expect(picker).toHaveValue('main');
  await createFile(page, 'greeter2.worker');
  await replaceEditorText(page, GREETER);
  await expect(picker).toHaveValue('greeter2');
  await page.getByTestId('run-input').fill('Hello there.');

  await focusEditor(page);
  await page.keyboard.press('Control+Enter');
  await expect(latestRun(page)).toHaveAttribute('data-status', 'completed');
  // Started from the editor, its tab opened behind the file: its row brings it forward.
  await expect((await openRun(page, latestRun(page))).getByTestId('call-node').first()).toHaveAttribute('data-worker', 'greeter2');

  await treeItem(page, 'main.worker').click();
  await expect(page.getByTestId('editor-tab')).toHaveAttribute('aria-selected', 'true');
  await expect(picker).toHaveValue('main');
  // A pick by hand holds while the tab stays open; the tab's Run button runs the tab's worker.
  await picker.selectOption('greeter2');
  await page.getByTestId('run-open-worker').click();
  await expect(page.getByTestId('run-entry')).toHaveCount(2);
  await expect(latestRun(page)).toHaveAttribute('data-status', 'completed');
  await expect(runDocument(page).getByTestId('call-node').first()).toHaveAttribute('data-worker', 'main');
});

test("the model shown is the one used: a worker's own model is said on the form, the run and its call", async ({ page }) => {
  // The server offers a second model, chosen on the form; the worker names the demo model, which answers.
  const OTHER_MODEL = 'openai:gpt-4.1-mini';
  await page.route('**/api/models', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { models: Array<Record<string, unknown>>; defaultModel: string };
    const other = { id: OTHER_MODEL, provider: 'openai', label: 'GPT-4.1 mini', scripted: false, supportsPdf: true, needsUserKey: false };
    await route.fulfill({ response, json: { ...body, models: [...body.models, other] } });
  });
  await newProject(page, 'own-model');
  await replaceEditorText(
    page,
    `---
name: main
description: Answers on its own model.
model: demo:scripted
---
Answer briefly.
`,
  );
  await page.getByTestId('model-select').selectOption(OTHER_MODEL);
  await expect(page.getByTestId('worker-model-note')).toContainText('runs on demo:scripted, not on the model chosen here');
  await page.getByTestId('run-input').fill('Hello there.');
  await page.getByTestId('run-button').click();
  await expect(latestRun(page)).toHaveAttribute('data-status', 'completed');
  await expect(latestRun(page).getByTestId('run-model')).toHaveText('demo:scripted');
  const run = runDocument(page);
  await expect(run.getByTestId('run-model')).toHaveText('demo:scripted');
  await expect(run).not.toContainText(OTHER_MODEL);
  await expect(run.getByTestId('call-node').first()).toContainText('demo:scripted');
});

test('a replay says which project it opened, with a button back', async ({ page }) => {
  await openWorkbench(page);
  await page.getByTestId('replay-example').click();
  const notice = page.getByTestId('notice');
  await expect(notice).toContainText('replays in “pitch-deck-example-replay”');
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example-replay');
  test.setTimeout(300_000);
  await expect(latestRun(page)).toHaveAttribute('data-status', 'completed', { timeout: 200_000 });
  await notice.getByTestId('notice-action').click();
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await expect(notice).toHaveCount(0);
});

test('the first visit says what the example does and runs it in one click', async ({ page }) => {
  await openWorkbench(page);
  const welcome = page.getByTestId('example-welcome');
  await expect(welcome).toContainText('evaluates the three pitch decks');
  await expect(page.getByTestId('run-input')).toHaveAttribute('placeholder', /^The input for main: Evaluates every pitch deck/);
  test.setTimeout(300_000);
  await welcome.getByTestId('welcome-run-example').click();
  await page.getByTestId('approval-item').getByTestId('approve-once').click();
  await expect(latestRun(page)).toHaveAttribute('data-status', 'completed', { timeout: 200_000 });
  await expect(page.getByTestId('example-welcome')).toHaveCount(0);
});
