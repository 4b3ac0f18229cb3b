import type { Page } from '@playwright/test';
import { makePdf } from './helpers/make-pdf';
import { exampleProjectFiles } from '@/lib/project/example-project';
import { expandAllCalls, runDetail, runDocument, selectRow } from './helpers/run-document';
import { createFile, editorText, expect, focusEditor, goToLineEnd, newProject, openWorkbench, replaceEditorText, test, treeItem } from './helpers/workbench-test';
import { HELPER, MAIN_DELEGATING } from './helpers/delegating-workers';

/**
 * Running workers through the real route (POST /api/model) with the scripted
 * demo model: delegation, approvals (once, for the session, denied), Stop and
 * Esc, Ctrl+Enter. Every test starts in a fresh browser context, and fails on
 * any console error or page error (the fixture in helpers/workbench-test).
 */

const MAIN_WRITER = `---
name: main
description: Writes files.
toolsets: { filesystem: {} }
---
Write the files you are asked to write.
`;



async function setInput(page: Page, text: string): Promise<void> {
  await page.getByTestId('run-input').fill(text);
}

/** The run in front of the editor area: a run started from the Run panel opens there. */
function latestRun(page: Page) {
  return runDocument(page);
}

/** The newest run's row in the Run panel's list. */
function latestEntry(page: Page) {
  return page.getByTestId('run-entry').first();
}

function approvalDialog(page: Page) {
  return page.getByTestId('approval-dialog');
}

test('main delegates to helper, the write is approved, the file appears and the tree nests helper at depth 1', async ({ page }) => {
  await newProject(page, 'delegation');
  await replaceEditorText(page, MAIN_DELEGATING);
  await createFile(page, 'helper.worker');
  await replaceEditorText(page, HELPER);
  await expect(page.getByTestId('worker-select')).toContainText('helper');
  // The picker follows the open worker (helper.worker); main is the one this run starts from.
  await expect(page.getByTestId('worker-select')).toHaveValue('helper');
  await page.getByTestId('worker-select').selectOption('main');
  await expect(page.getByTestId('worker-select')).toHaveValue('main');
  await expect(page.getByTestId('model-select')).toHaveValue('demo:scripted');
  await expect(page.getByTestId('model-select').locator('option:checked')).toContainText('scripted');

  // No file extension on purpose: the demo passes paths with an extension it sees in a
  // delegated input as attachments, and a file that does not exist yet cannot be attached.
  await setInput(page, 'delegate to helper: write "hello from helper" to out/greeting');
  await page.getByTestId('run-button').click();

  const dialog = approvalDialog(page);
  await expect(dialog).toBeVisible();
  const item = dialog.getByTestId('approval-item');
  await expect(item).toHaveCount(1);
  await expect(item).toBeFocused();
  await expect(item).toContainText('write_file');
  await expect(item).toContainText('helper');
  await expect(item).toContainText('depth 1');
  await expect(item.getByTestId('approval-field-path')).toHaveValue('out/greeting');
  await expect(item.getByTestId('approval-field-content')).toHaveValue('hello from helper');
  // Enter approves once while the question has the focus.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const run = latestRun(page);
  await expect(run).toHaveAttribute('data-status', 'completed');
  await expandAllCalls(run);
  const helperNode = run.locator('[data-testid="call-node"][data-worker="helper"]');
  await expect(helperNode).toHaveAttribute('data-depth', '1');
  await expect(helperNode).toHaveAttribute('data-status', 'completed');
  // The helper call sits under main's tool call that started it, and its write under it.
  await expect(run.locator('[data-testid="tool-call"][data-tool="helper"]')).toHaveAttribute('aria-level', '2');
  await expect(helperNode).toHaveAttribute('aria-level', '3');
  const write = run.locator('[data-testid="tool-call"][data-tool="write_file"]');
  await expect(write).toHaveAttribute('aria-level', '4');
  await expect(write).toHaveAttribute('data-status', 'done');
  await expect(write).toHaveAttribute('data-approval', 'approve_once');
  await expect(run.getByTestId('run-output')).toContainText('I delegated to 1 worker call');
  await expect(run.getByTestId('run-output')).toContainText('I wrote 17 characters to out/greeting');

  // The file is in the tree, with the content the helper wrote.
  await treeItem(page, 'out').click();
  await treeItem(page, 'greeting').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('out/greeting');
  await expect.poll(() => editorText(page)).toContain('hello from helper');
});

test('a denial with a reason reaches the model, which quotes it', async ({ page }) => {
  await newProject(page, 'denial');
  await replaceEditorText(page, MAIN_WRITER);
  await setInput(page, 'write "top secret" to secret.txt');
  await page.getByTestId('run-button').click();

  const item = approvalDialog(page).getByTestId('approval-item');
  await expect(item).toBeVisible();
  await item.getByTestId('deny-reason').fill('secrets stay out of the project');
  await item.getByTestId('deny-reason').press('Enter');
  await expect(approvalDialog(page)).toBeHidden();

  const run = latestRun(page);
  await expect(run).toHaveAttribute('data-status', 'completed');
  await expect(run.getByTestId('run-output')).toContainText('secrets stay out of the project');
  const write = run.locator('[data-testid="tool-call"][data-tool="write_file"]');
  await expect(write).toHaveAttribute('data-status', 'denied');
  await expect(write.getByTestId('approval-badge')).toContainText('secrets stay out of the project');
  await expect(treeItem(page, 'secret.txt')).toHaveCount(0);
});

test('Stop while an approval is pending ends the run at once and removes the question', async ({ page }) => {
  await newProject(page, 'stop-button');
  await replaceEditorText(page, MAIN_WRITER);
  await setInput(page, 'write "never" to never.txt');
  await page.getByTestId('run-button').click();
  await expect(approvalDialog(page)).toBeVisible();
  // Escape in the reason field only leaves the field; the run goes on.
  await approvalDialog(page).getByTestId('deny-reason').focus();
  await page.keyboard.press('Escape');
  await expect(approvalDialog(page).getByTestId('approval-item')).toBeFocused();
  await expect(latestRun(page)).toHaveAttribute('data-status', 'running');
  await expect(latestEntry(page)).toHaveAttribute('data-status', 'running');

  await page.getByTestId('stop-button').click();
  await expect(approvalDialog(page)).toBeHidden();
  const run = latestRun(page);
  await expect(run).toHaveAttribute('data-status', 'aborted');
  await expect(run.getByTestId('run-status')).toHaveText('stopped');
  await expect(run.getByTestId('run-stopped')).toBeVisible();
  await expect(page.getByTestId('run-button')).toBeEnabled();
  // Nothing further happens: no write, no new tool calls, still stopped.
  await page.waitForTimeout(1000);
  await expect(run).toHaveAttribute('data-status', 'aborted');
  await expect(run.locator('[data-testid="tool-call"][data-tool="write_file"]')).not.toHaveAttribute('data-status', 'done');
  await expect(treeItem(page, 'never.txt')).toHaveCount(0);
});

test('a question from a run of another project says which project it writes to', async ({ page }) => {
  await newProject(page, 'switch-away');
  await replaceEditorText(page, MAIN_WRITER);
  await setInput(page, 'write "kept" to kept.txt');
  await page.getByTestId('run-button').click();
  const item = approvalDialog(page).getByTestId('approval-item');
  await expect(item).toBeVisible();
  await expect(item.getByTestId('approval-other-project')).toHaveCount(0);

  await page.getByTestId('project-select').selectOption('pitch-deck-example');
  await expect(page.getByTestId('editor-tab')).toHaveText('main.worker');
  await expect(item.getByTestId('approval-other-project')).toHaveText('switch-away');
  await item.getByTestId('approve-once').click();
  await expect(approvalDialog(page)).toBeHidden();
  await expect(treeItem(page, 'kept.txt')).toHaveCount(0);

  await page.getByTestId('project-select').selectOption('switch-away');
  await expect(treeItem(page, 'kept.txt')).toBeVisible();
  await expect(latestEntry(page)).toHaveAttribute('data-status', 'completed');
});

test('a question takes the focus however the run started (Ctrl+Enter in the editor too); after the answer the focus is back in the editor', async ({ page }) => {
  await newProject(page, 'typing-on');
  await replaceEditorText(page, MAIN_WRITER);
  await setInput(page, 'write "typed" to typed.txt');
  await goToLineEnd(page, 6);
  const before = await editorText(page);
  await page.keyboard.press('Control+Enter');
  const item = approvalDialog(page).getByTestId('approval-item');
  await expect(item).toBeFocused();
  await page.keyboard.press('a');
  await expect(item).toBeHidden();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.monaco-editor') != null)).toBe(true);
  // Started from the editor, the run's tab opened behind the file; its row brings it forward.
  await expect(latestRun(page)).toHaveCount(0);
  await latestEntry(page).getByRole('button').click();
  await expect(latestRun(page)).toHaveAttribute('data-status', 'completed');
  await expect(treeItem(page, 'typed.txt')).toBeVisible();
  // The "a" answered the question; none reached the editor (the run's written file opened since: back to main.worker).
  await treeItem(page, 'main.worker').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('main.worker');
  // Polled: the tab's name changes before Monaco has drawn the file's lines.
  await expect.poll(() => editorText(page)).toBe(before);
});

test('Esc stops a run while it waits for the model; nothing arrives after the stop', async ({ page }) => {
  await newProject(page, 'stop-escape');
  const words = Array.from({ length: 600 }, (_, index) => `word${index}`);
  await setInput(page, `${words.join(' ')} end.`);
  // The model's request is held until after Esc: on a busy machine a run's whole answer can arrive before
  // a key press does, so only a held request makes "during the run" certain.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/model', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.getByTestId('run-button').click();
  const run = latestRun(page);
  await expect(run).toHaveAttribute('data-status', 'running');
  await page.keyboard.press('Escape');
  await expect(run).toHaveAttribute('data-status', 'aborted');
  await expect(run.getByTestId('run-stopped')).toBeVisible();
  // The held request goes on now; its answer must not reach the stopped run.
  release();
  const text = runDetail(page).getByTestId('call-text');
  const shown = async () => ((await text.count()) === 0 ? '' : await text.innerText());
  const stoppedAt = await shown();
  await page.waitForTimeout(800);
  expect(await shown()).toBe(stoppedAt);
  expect(stoppedAt).not.toContain('I am the scripted demo model');
  await expect(run).toHaveAttribute('data-status', 'aborted');
});

test('approve for this session: the same write a second time is approved automatically', async ({ page }) => {
  await newProject(page, 'session-grant');
  await replaceEditorText(page, MAIN_WRITER);
  await setInput(page, 'write "same text" to same.txt');
  await page.getByTestId('run-button').click();
  const item = approvalDialog(page).getByTestId('approval-item');
  await expect(item).toBeVisible();
  await item.getByTestId('approve-session').click();
  await expect(latestRun(page)).toHaveAttribute('data-status', 'completed');
  await expect(latestRun(page).locator('[data-testid="tool-call"][data-tool="write_file"]')).toHaveAttribute('data-approval', 'approve_session');

  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-entry')).toHaveCount(2);
  const second = latestRun(page);
  await expect(second).toHaveAttribute('data-status', 'completed');
  const write = second.locator('[data-testid="tool-call"][data-tool="write_file"]');
  await expect(write).toHaveAttribute('data-approval', 'automatic');
  await expect(write.getByTestId('approval-badge')).toHaveText('approved automatically');
  await expect(approvalDialog(page)).toHaveCount(0);
  // The earlier run stays listed; the new one is in front.
  await expect(page.getByTestId('run-entry').nth(0).getByRole('button')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('run-entry').nth(1).getByRole('button')).not.toHaveAttribute('aria-current', 'page');
  await expect(treeItem(page, 'same.txt')).toBeVisible();
});

test('a write_file question shows a diff against the current file; the path and content can be edited before approving', async ({ page }) => {
  await newProject(page, 'edit-write');
  await replaceEditorText(page, MAIN_WRITER);
  await setInput(page, 'write "first line" to notes.txt');
  await page.getByTestId('run-button').click();
  const item = approvalDialog(page).getByTestId('approval-item');
  await expect(item.getByTestId('approval-title')).toHaveText('Write notes.txt (a new file)');
  await expect(item.getByTestId('approval-diff-content')).toContainText('creates a new file');
  await item.getByTestId('approve-once').click();
  await expect(latestRun(page)).toHaveAttribute('data-status', 'completed');

  await setInput(page, 'write "second line" to notes.txt');
  await page.getByTestId('run-button').click();
  await expect(item.getByTestId('approval-title')).toContainText('replaces the current file');
  const diff = item.getByTestId('approval-diff-content');
  await expect(diff.locator('[data-kind="removed"]')).toHaveText('- first line');
  await expect(diff.locator('[data-kind="added"]')).toHaveText('+ second line');

  // The person sends the write elsewhere, with other words; the tool checks the edit live.
  await item.getByTestId('approval-field-path').fill('notes-v2.txt');
  await item.getByTestId('approval-field-content').fill('edited line');
  await expect(item.getByTestId('approval-edit-ok')).toHaveText('Write notes-v2.txt (a new file)');
  await expect(item.getByTestId('approve-session')).toBeDisabled();
  await item.getByTestId('approval-field-path').fill('../outside.txt');
  await expect(item.getByTestId('approval-edit-error')).toBeVisible();
  await item.getByTestId('approve-once').click();
  await expect(item.getByTestId('approval-edit-refused')).toBeVisible();
  await item.getByTestId('approval-field-path').fill('notes-v2.txt');
  await expect(item.getByTestId('approval-edit-ok')).toBeVisible();
  await item.getByTestId('approve-once').click();

  const run = latestRun(page);
  await expect(run).toHaveAttribute('data-status', 'completed');
  const call = run.locator('[data-testid="tool-call"][data-tool="write_file"]');
  await expect(call.getByTestId('approval-badge')).toHaveText('approved with your edits');
  const detail = await selectRow(page, call);
  await expect(detail.getByTestId('tool-args')).toContainText('notes.txt');
  await expect(detail.getByTestId('tool-edited-args')).toContainText('notes-v2.txt');
  await treeItem(page, 'notes-v2.txt').click();
  await expect.poll(() => editorText(page)).toBe('edited line');
  await treeItem(page, 'notes.txt').click();
  await expect.poll(() => editorText(page)).toBe('first line');
});

test('Ctrl+Enter starts a run from inside the editor', async ({ page }) => {
  await newProject(page, 'shortcut');
  await setInput(page, 'Hello there. This is a shortcut test.');
  const before = await editorText(page);
  await focusEditor(page);
  await page.keyboard.press('Control+Enter');
  await expect(latestEntry(page)).toHaveAttribute('data-status', 'completed');
  // The editor did not get a new line from the shortcut, and keeps the focus: the run's tab opened behind it.
  expect(await editorText(page)).toBe(before);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null)).toBe(true);
  await latestEntry(page).getByRole('button').click();
  await expect(latestRun(page).getByTestId('run-output')).toContainText('[demo]');
});

test('a worker with an input schema gets a form; attachments show with their sizes', async ({ page }) => {
  await newProject(page, 'typed-input');
  await replaceEditorText(
    page,
    `---
name: main
description: Greets a company.
input_schema: { type: object, properties: { company: { type: string }, rounds: { type: integer } }, required: [company] }
---
Greet the company.
`,
  );
  const form = page.getByTestId('run-input-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('run-input')).toHaveCount(0);
  // A required field left empty is reported on the form; nothing runs.
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-form-error')).toContainText('company');
  await expect(page.getByTestId('run-entry')).toHaveCount(0);

  await form.getByLabel('Company *').fill('Acme Robotics');
  await form.getByLabel('Rounds').fill('3');
  await page.getByTestId('attachment-picker').getByLabel('project.json').check();
  await page.getByTestId('run-button').click();
  const run = latestRun(page);
  await expect(run).toHaveAttribute('data-status', 'completed');
  await expect(latestEntry(page).getByTestId('run-input-snippet')).toContainText('"company":"Acme Robotics"');
  await expect(run.getByTestId('call-attachments')).toContainText(/project\.json \(\d+ B\)/);
});

test('errors in the worker being run are shown before the run, and the run reports its own error', async ({ page }) => {
  await newProject(page, 'broken');
  await replaceEditorText(page, '---\nname: main\ndescription: Broken.\ntoolsets: { no_such_toolset: {} }\n---\nHi.\n');
  await setInput(page, 'hello');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-preflight')).toContainText('main.worker:4');
  const run = latestRun(page);
  await expect(run).toHaveAttribute('data-status', 'failed');
  await expect(run.getByTestId('run-error')).toBeVisible();
});

test('Settings keeps a key in this browser, masked, sends it only in the model request body, and clears it', async ({ page }) => {
  await openWorkbench(page);
  await page.getByTestId('settings-button').click();
  const dialog = page.getByTestId('settings-dialog');
  const openai = dialog.locator('[data-testid="provider-key"][data-provider="openai"]');
  await expect(openai.getByTestId('provider-key-status')).toHaveText('no key');
  await openai.getByLabel('OpenAI').fill('sk-user-key-123456789');
  await openai.getByRole('button', { name: 'Save' }).click();
  await expect(openai.getByTestId('provider-key-status')).toHaveText('your key: sk-••••••6789');
  await expect(dialog).not.toContainText('sk-user-key-123456789');
  expect(await page.evaluate(() => window.localStorage.getItem('workerbench.apiKeys'))).toContain('sk-user-key-123456789');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The model picker no longer asks for an OpenAI key; a run sends it in the body of POST /api/model.
  const select = page.getByTestId('model-select');
  await expect(select.locator('option[value="openai:gpt-5.4-mini"]')).not.toContainText('needs your key');
  await expect(select.locator('option[value="anthropic:claude-haiku-4-5"]')).toContainText('needs your key');
  const bodies: string[] = [];
  await page.route('**/api/model', async (route) => {
    bodies.push(route.request().postData() ?? '');
    // A refusal inside the stream (a 401 status would be a console error of its own).
    const refusal = { type: 'error', error: { code: 'unauthorized', message: 'Test: the key was refused.' } };
    await route.fulfill({ status: 200, contentType: 'application/x-ndjson', body: `${JSON.stringify(refusal)}\n` });
  });
  await select.selectOption('openai:gpt-5.4-mini');
  await setInput(page, 'hello');
  await page.getByTestId('run-button').click();
  const run = latestRun(page);
  await expect(run).toHaveAttribute('data-status', 'failed');
  await expect(run.getByTestId('run-error')).toContainText('the key was refused');
  expect(bodies).toHaveLength(1);
  expect(JSON.parse(bodies[0] ?? '{}')).toMatchObject({ model: 'openai:gpt-5.4-mini', apiKey: 'sk-user-key-123456789' });

  await page.getByTestId('settings-button').click();
  await openai.getByRole('button', { name: 'Clear' }).click();
  await expect(openai.getByTestId('provider-key-status')).toHaveText('no key');
  expect(await page.evaluate(() => window.localStorage.getItem('workerbench.apiKeys'))).toBeNull();
});

test('the pitch-deck example: an edited worker_create, write approvals by keyboard, PDFs read as text by the evaluators', async ({ page }) => {
  await openWorkbench(page);
  // One more deck beside the shipped ones, uploaded the way a user adds theirs.
  await treeItem(page, 'input').click();
  await page.getByTestId('upload-input').setInputFiles({ name: 'zeta.pdf', mimeType: 'application/pdf', buffer: await makePdf('Zeta Foods pitch deck', 1) });
  await expect(treeItem(page, 'zeta.pdf')).toBeVisible();
  // The example pre-approves its report writes; have them asked instead.
  const shipped = String(exampleProjectFiles().find((file) => file.path === 'main.worker')?.data ?? '');
  expect(shipped).toContain('write_file: pre_approved');
  // (Uploaded over the shipped file: typing indented YAML into Monaco would get auto-indented.)
  await treeItem(page, 'main.worker').click();
  const edited = Buffer.from(shipped.replace('write_file: pre_approved', 'write_file: prompt'));
  await page.getByTestId('upload-input').setInputFiles({ name: 'main.worker', mimeType: 'text/plain', buffer: edited });
  await page.getByTestId('choice-dialog').getByRole('button', { name: 'Replace' }).click();
  await expect.poll(() => editorText(page)).toContain('write_file: prompt');
  await page.getByTestId('run-button').click();

  // worker_create: the file it would write, editable; the edit is what runs.
  const creation = page.locator('[data-testid="approval-item"][data-tool="worker_create"]');
  await expect(creation).toBeVisible();
  const file = creation.getByTestId('approval-field-file');
  await expect(file).toHaveValue(/name: pitch_evaluator/);
  await file.press('ControlOrMeta+End');
  await file.pressSequentially('\nKeep every justification to one sentence.\n');
  await expect(creation.getByTestId('approve-session')).toBeDisabled();
  await creation.getByTestId('approve-once').click();

  // write_file is sequential: the report questions come one after another, each focused; keys answer them.
  const question = page.locator('[data-testid="approval-item"][data-tool="write_file"]').first();
  const answered: string[] = [];
  for (;;) {
    // The first report waits for four evaluators (PDF text, model steps): generous on a busy machine.
    await expect(question).toBeFocused({ timeout: answered.length === 0 ? 60_000 : 15_000 });
    const path = await question.getByTestId('approval-field-path').inputValue();
    if (path === 'evaluations/summary.md') {
      await page.keyboard.press('s');
      break;
    }
    expect(answered).not.toContain(path);
    answered.push(path);
    await page.keyboard.press(answered.length % 2 === 1 ? 'a' : 'Enter');
    await expect(question.getByTestId('approval-field-path')).not.toHaveValue(path);
  }
  expect(answered).toContain('evaluations/zeta.md');

  const run = latestRun(page);
  await expect(run).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  const creationCall = run.locator('[data-testid="tool-call"][data-tool="worker_create"]');
  await expect(creationCall).toHaveAttribute('data-approval', 'approve_once');
  const editedArgs = (await selectRow(page, creationCall)).getByTestId('tool-edited-args');
  await editedArgs.getByRole('button', { name: /Show more/ }).click();
  await expect(editedArgs).toContainText('Keep every justification to one sentence.');
  const evaluators = run.locator('[data-testid="call-node"][data-worker="pitch_evaluator"]');
  await expect(evaluators).toHaveCount(answered.length);
  await expect(evaluators.first()).toHaveAttribute('data-depth', '1');
  // Each evaluator's detail names the deck it was given; one of them had the uploaded one.
  const attachments: string[] = [];
  for (let index = 0; index < answered.length; index += 1) {
    const detail = await selectRow(page, evaluators.nth(index));
    attachments.push(await detail.getByTestId('call-attachments').innerText());
  }
  expect(attachments.filter((text) => /zeta\.pdf \(\d+(\.\d)? (B|KB)\)/.test(text))).toHaveLength(1);
  await selectRow(page, run.locator('[data-testid="call-node"][data-worker="main"]'));
  await expect(run.getByTestId('run-output')).toContainText('evaluations/summary.md');

  // The reports are in the tree (the summary, the entry worker's deliverable, opens by itself).
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md');
  await expect(page.locator('[data-testid="tree-item"][data-path="evaluations/zeta.md"]')).toBeVisible();
});

test('two helpers writing at once: both questions wait together, answered one by one', async ({ page }) => {
  await newProject(page, 'concurrent');
  await replaceEditorText(page, MAIN_DELEGATING.replace('allowed_workers: [helper]', 'allowed_workers: [helper, helper2]'));
  await createFile(page, 'helper.worker');
  await replaceEditorText(page, HELPER);
  await createFile(page, 'helper2.worker');
  await replaceEditorText(page, HELPER.replace('name: helper', 'name: helper2'));
  // The picker follows the open worker (helper2.worker); this run starts from main.
  await page.getByTestId('worker-select').selectOption('main');
  await setInput(page, 'delegate to helper and helper2: write "twice" to out/both');
  await page.getByTestId('run-button').click();

  const items = approvalDialog(page).getByTestId('approval-item');
  await expect(items).toHaveCount(2);
  await expect(approvalDialog(page).getByRole('heading')).toHaveText('2 approvals needed');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('d');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('a');
  const run = latestRun(page);
  await expect(run).toHaveAttribute('data-status', 'completed');
  await expandAllCalls(run);
  await expect(run.locator('[data-testid="tool-call"][data-tool="write_file"][data-status="denied"]')).toHaveCount(1);
  await expect(run.locator('[data-testid="tool-call"][data-tool="write_file"][data-status="done"]')).toHaveCount(1);
  await expect(run.locator('[data-testid="call-node"][data-depth="1"]')).toHaveCount(2);
});
