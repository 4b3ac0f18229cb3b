import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_FILE_BYTES } from '@/lib/vfs/limits';
import { makePdf } from './helpers/make-pdf';
import {
  answerPrompt,
  chooseMenuItem,
  createFile,
  editorText,
  expect,
  expectSaved,
  focusEditor,
  goToLineEnd,
  newProject,
  openWorkbench,
  problemRows,
  test,
  treeItem,
} from './helpers/workbench-test';

// Every test starts in a fresh browser context: empty IndexedDB, empty localStorage.

test('a fresh browser gets the example project with its entry worker open', async ({ page }) => {
  // Monaco and pdf.js are bundled with the app: nothing may come from a CDN.
  const foreignRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol)) foreignRequests.push(request.url());
  });
  await openWorkbench(page);
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await expect(treeItem(page, 'main.worker')).toHaveAttribute('aria-selected', 'true');
  await expect(treeItem(page, 'project.json')).toBeVisible();
  await expect(page.getByTestId('editor-tab')).toHaveText('main.worker');
  expect(await editorText(page)).toContain('name: main');
  // The example must analyse cleanly.
  await expect(problemRows(page).and(page.locator('.severity-error'))).toHaveCount(0);
  await expectSaved(page);

  // project.json opens as JSON, which starts Monaco's JSON worker (checked by the console fixture).
  await treeItem(page, 'project.json').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('project.json');
  await expect.poll(() => editorText(page)).toContain('"entry": "main"');
  await page.waitForTimeout(500);
  expect(foreignRequests).toEqual([]);
});

test('files in each language the editor knows open coloured and without errors, and JSON is checked', async ({ page }) => {
  await newProject(page, 'languages');
  const files: Array<[name: string, text: string]> = [
    ['tool.ts', 'export const limit: number = 3;'],
    ['tool.js', 'export const limit = 3;'],
    ['tools.py', 'def count(path: str) -> int:'],
    ['style.css', '.tree { color: red; }'],
    ['page.html', '<p class="note">hello</p>'],
    ['notes.md', '# Title\nSome *word*'],
    ['config.yaml', 'name: main'],
  ];
  for (const [name, text] of files) {
    await createFile(page, name);
    await expect(page.getByTestId('editor-tab')).toHaveText(name);
    await focusEditor(page);
    await page.keyboard.insertText(text);
    await expect.poll(() => editorText(page)).toContain(text);
    // Coloured: the line is split into tokens of more than one colour class.
    await expect.poll(() => page.locator('.monaco-editor .view-line span span').evaluateAll((spans) => new Set(spans.map((span) => span.className)).size)).toBeGreaterThan(1);
  }
  // JSON is validated by its worker: a doubled comma is underlined.
  await createFile(page, 'data.json');
  await focusEditor(page);
  await page.keyboard.insertText('{ "a": 1,, "b": 2 }');
  await expect(page.locator('.monaco-editor .squiggly-error').first()).toBeVisible();
  // A language service the editor does not start (TypeScript's, CSS's, HTML's) would have thrown
  // by now, once per request: the console fixture fails the test on any of them.
  await treeItem(page, 'tool.ts').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('tool.ts');
  await page.waitForTimeout(1000);
  // JSON's features bring the rest of Monaco's with them: an editor created after that (another
  // project's) still starts, with every service those features ask for.
  await page.getByRole('button', { name: 'New project' }).click();
  await answerPrompt(page, 'after-json');
  await expect(page.getByTestId('editor-tab')).toHaveText('main.worker');
  await expect.poll(() => editorText(page)).toContain('name: main');
  await page.waitForTimeout(500);
});

test('typing in a new worker file shows live diagnostics and survives a reload', async ({ page }) => {
  await openWorkbench(page);
  await createFile(page, 'reviewer.worker');
  await expect(page.getByTestId('editor-tab')).toHaveText('reviewer.worker');
  await expect.poll(() => editorText(page)).toContain('name: reviewer');
  const reviewerProblems = problemRows(page).and(page.locator('[data-file="reviewer.worker"]'));
  await expect(reviewerProblems).toHaveCount(0);

  // An unknown frontmatter key after the description line.
  await goToLineEnd(page, 3);
  await page.keyboard.press('Enter');
  await page.keyboard.type('colour: blue');
  await expect(reviewerProblems).toHaveCount(1);
  await expect(reviewerProblems.first()).toContainText('colour');
  await expect(reviewerProblems.first()).toContainText('reviewer.worker 4:');
  await expect(page.getByTestId('problems-count')).not.toHaveText('0');
  // The marker is in the editor too.
  await expect(page.locator('.monaco-editor .squiggly-error').first()).toBeAttached();

  // Clicking the problem from another file jumps back to it.
  await treeItem(page, 'main.worker').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('main.worker');
  await reviewerProblems.first().click();
  await expect(page.getByTestId('editor-tab')).toHaveText('reviewer.worker');
  await expect(page.locator('.monaco-editor.focused')).toBeVisible();

  // Fix it: delete the line again.
  await goToLineEnd(page, 4);
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(reviewerProblems).toHaveCount(0);

  // A name with spaces is a diagnostic on line 2.
  await goToLineEnd(page, 2);
  await page.keyboard.type(' two');
  await expect(reviewerProblems).toHaveCount(1);
  await expect(reviewerProblems.first()).toContainText('reviewer.worker 2:');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(reviewerProblems).toHaveCount(0);

  // Text typed right before a reload is not lost, saved or not.
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('Remember the milk.');
  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByTestId('editor-tab')).toHaveText('reviewer.worker');
  await expect.poll(() => editorText(page)).toContain('Remember the milk.');
  await expectSaved(page);

  // And Ctrl+S saves at once.
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Twice.');
  await page.keyboard.press('ControlOrMeta+s');
  await expectSaved(page);
  await page.reload();
  await expect.poll(() => editorText(page)).toContain('Remember the milk. Twice.');
});

test('uploading a PDF shows a preview, and a second upload asks Replace or Keep both', async ({ page }) => {
  await openWorkbench(page);
  const pdf = await makePdf('Acme pitch deck', 2);
  await treeItem(page, 'input').click();
  await page.getByTestId('upload-input').setInputFiles({ name: 'acme.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(treeItem(page, 'acme.pdf')).toBeVisible();
  await expect(page.getByTestId('pdf-info')).toContainText('PDF, 2 pages');
  await expect.poll(() => page.getByTestId('pdf-canvas').first().evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBeGreaterThan(0);

  // Same name again → Keep both.
  await page.getByTestId('upload-input').setInputFiles({ name: 'acme.pdf', mimeType: 'application/pdf', buffer: pdf });
  const conflict = page.getByTestId('choice-dialog');
  await expect(conflict).toContainText('"acme.pdf" already exists');
  await conflict.getByRole('button', { name: 'Keep both' }).click();
  await expect(treeItem(page, 'acme (2).pdf')).toBeVisible();

  // Same name again → Replace with a one-page deck: no new file, new content.
  const onePage = await makePdf('Acme v2', 1);
  await page.getByTestId('upload-input').setInputFiles({ name: 'acme.pdf', mimeType: 'application/pdf', buffer: onePage });
  await conflict.getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByTestId('pdf-info')).toContainText('PDF, 1 page');
  await expect(page.getByRole('treeitem', { name: /^acme/ })).toHaveCount(2);

  // Cancel writes nothing.
  await page.getByTestId('upload-input').setInputFiles({ name: 'acme.pdf', mimeType: 'application/pdf', buffer: pdf });
  await conflict.getByRole('button', { name: 'Cancel' }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByRole('treeitem', { name: /^acme/ })).toHaveCount(2);

  // Files survive a reload, bytes intact.
  await page.reload();
  await expect(page.getByTestId('pdf-info')).toContainText('PDF, 1 page');
  await treeItem(page, 'acme (2).pdf').click();
  await expect(page.getByTestId('pdf-info')).toContainText('PDF, 2 pages');
});

test('dropping a file on a folder uploads it there', async ({ page }) => {
  await openWorkbench(page);
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['# Notes\n'], 'dropped.md', { type: 'text/markdown' }));
    return transfer;
  });
  await treeItem(page, 'input').dispatchEvent('drop', { dataTransfer });
  await expect(treeItem(page, 'dropped.md')).toBeVisible();
  await expect(page.getByTestId('editor-tab')).toHaveText('input/dropped.md');
});

test('files can be renamed, moved and deleted from the tree', async ({ page }) => {
  await openWorkbench(page);
  await createFile(page, 'notes.md');

  // F2 renames the focused tree item.
  await treeItem(page, 'notes.md').focus();
  await page.keyboard.press('F2');
  await answerPrompt(page, 'ideas.md');
  await expect(treeItem(page, 'ideas.md')).toBeVisible();
  await expect(treeItem(page, 'notes.md')).toHaveCount(0);
  await expect(page.getByTestId('editor-tab')).toHaveText('ideas.md');

  // A new folder, then "Move to…" into it.
  await page.getByRole('button', { name: 'New folder' }).click();
  await answerPrompt(page, 'drafts');
  await expect(treeItem(page, 'drafts')).toBeVisible();
  await treeItem(page, 'ideas.md').click();
  await chooseMenuItem(page, 'More file actions', 'Move to…');
  await page.getByTestId('choice-dialog').getByRole('button', { name: '/drafts' }).click();
  await expect(treeItem(page, 'ideas.md')).toHaveAttribute('aria-level', '2');
  await expect(page.getByTestId('editor-tab')).toHaveText('drafts/ideas.md');

  // Keyboard: Delete asks first; Escape cancels, the button confirms.
  await treeItem(page, 'ideas.md').focus();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('confirm-dialog')).toContainText('Delete "drafts/ideas.md"?');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('confirm-dialog')).toBeHidden();
  await expect(treeItem(page, 'ideas.md')).toBeVisible();
  await treeItem(page, 'ideas.md').focus();
  await page.keyboard.press('Delete');
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(treeItem(page, 'ideas.md')).toHaveCount(0);

  // Deleting a folder takes its contents.
  await treeItem(page, 'drafts').click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(treeItem(page, 'drafts')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(treeItem(page, 'main.worker')).toBeVisible();
  await expect(treeItem(page, 'drafts')).toHaveCount(0);
  await expect(treeItem(page, 'notes.md')).toHaveCount(0);
});

test('a second project can be created, switched to and deleted', async ({ page }) => {
  await openWorkbench(page);
  await page.getByRole('button', { name: 'New project' }).click();
  await answerPrompt(page, 'second');
  await expect(page.getByTestId('project-select')).toHaveValue('second');
  await expect(treeItem(page, 'main.worker')).toBeVisible();
  await expect(treeItem(page, 'rubric.md')).toHaveCount(0);
  await expect.poll(() => editorText(page)).toContain('name: main');

  await page.getByTestId('project-select').selectOption('pitch-deck-example');
  await expect(treeItem(page, 'rubric.md')).toBeVisible();
  await page.getByTestId('project-select').selectOption('second');
  await expect(treeItem(page, 'rubric.md')).toHaveCount(0);

  await chooseMenuItem(page, 'Project actions', 'Delete project…');
  await expect(page.getByTestId('confirm-dialog')).toContainText('"second"');
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await expect(page.getByTestId('project-select').locator('option')).toHaveCount(1);
});

test('an upload over the size limit is refused with the limit named, and nothing is written', async ({ page }) => {
  await openWorkbench(page);
  const folder = await mkdtemp(join(tmpdir(), 'workerbench-e2e-'));
  const bigFile = join(folder, 'huge.pdf');
  try {
    // A sparse file one byte over the limit: real size, no real disk use.
    const handle = await open(bigFile, 'w');
    await handle.truncate(MAX_FILE_BYTES + 1);
    await handle.close();
    await page.getByTestId('upload-input').setInputFiles(bigFile);
    const notice = page.getByTestId('notice');
    await expect(notice).toContainText('huge.pdf');
    await expect(notice).toContainText(`the limit for one file is 50 MiB (${MAX_FILE_BYTES.toLocaleString('en-US')} bytes)`);
    await expect(notice).toContainText('Nothing was written');
    await expect(treeItem(page, 'huge.pdf')).toHaveCount(0);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('when the browser blocks IndexedDB a banner says so and editing still works', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
  });
  await openWorkbench(page);
  await expect(page.getByTestId('storage-banner')).toContainText('blocks IndexedDB');
  await expect(treeItem(page, 'main.worker')).toBeVisible();
  await goToLineEnd(page, 1);
  await page.keyboard.type(' ');
  await page.keyboard.press('Backspace');
  await expectSaved(page);
});

test('the file tree works from the keyboard and files download', async ({ page }) => {
  await openWorkbench(page);
  await treeItem(page, 'main.worker').focus();
  await page.keyboard.press('Home');
  await expect(treeItem(page, 'input')).toBeFocused();
  await expect(treeItem(page, 'input')).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowRight');
  await expect(treeItem(page, 'input')).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(treeItem(page, 'input')).toHaveAttribute('aria-expanded', 'false');
  // End goes to the last row (rubric.md), ArrowUp one row back.
  await page.keyboard.press('End');
  await expect(treeItem(page, 'rubric.md')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(treeItem(page, 'project.json')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('editor-tab')).toHaveText('project.json');

  const download = page.waitForEvent('download');
  await chooseMenuItem(page, 'More file actions', 'Download');
  expect((await download).suggestedFilename()).toBe('project.json');

  // Dragging a file onto a folder moves it there.
  await treeItem(page, 'rubric.md').dragTo(treeItem(page, 'input'));
  await expect(treeItem(page, 'rubric.md')).toHaveAttribute('aria-level', '2');
  await expect(treeItem(page, 'input')).toHaveAttribute('aria-expanded', 'true');
});

test('images show as images and other binary files as a size with a download button', async ({ page }) => {
  await openWorkbench(page);
  // A 1×1 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await page.getByTestId('upload-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('image-viewer').locator('img')).toHaveJSProperty('naturalWidth', 1);

  const binary = Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]);
  await page.getByTestId('upload-input').setInputFiles({ name: 'blob.bin', mimeType: 'application/octet-stream', buffer: binary });
  await expect(page.getByTestId('binary-viewer')).toContainText('Binary file, 8 bytes');
  const download = page.waitForEvent('download');
  await page.getByTestId('binary-viewer').getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('blob.bin');
});

test('frontmatter keys are suggested while typing in a worker file', async ({ page }) => {
  await openWorkbench(page);
  await createFile(page, 'helper.worker');
  await goToLineEnd(page, 3);
  await page.keyboard.press('Enter');
  await page.keyboard.type('allow_e');
  const suggestion = page.locator('.monaco-editor .suggest-widget .monaco-list-row', { hasText: 'allow_empty_input' });
  await expect(suggestion).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.type('true');
  await expect.poll(() => editorText(page)).toContain('allow_empty_input: true');
  await expect(problemRows(page).and(page.locator('[data-file="helper.worker"]'))).toHaveCount(0);
});

test('a dialog keeps the keyboard after a click on its text: Tab stays inside, Escape closes it', async ({ page }) => {
  await openWorkbench(page);
  await page.getByRole('button', { name: 'New file' }).click();
  const dialog = page.getByTestId('prompt-dialog');
  await expect(dialog.getByRole('textbox')).toBeFocused();

  // A click on the title (not a control) must not drop the focus onto the page behind.
  await dialog.getByRole('heading', { name: 'New file' }).click();
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await dialog.getByRole('heading', { name: 'New file' }).click();
  await page.keyboard.press('Tab');
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  await dialog.getByRole('heading', { name: 'New file' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(treeItem(page, 'new.worker')).toHaveCount(0);
});
