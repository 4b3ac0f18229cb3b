import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import type { Download, Page } from '@playwright/test';
import { LLM_DO_CORPUS, type LlmDoCorpusProject } from '@/lib/llm-do/testing/llm-do-corpus';
import { checkLlmDoFormat } from '@/lib/llm-do/testing/llm-do-format-rules';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { dropOnto } from './helpers/drop-entries';
import { runDocument, selectRow } from './helpers/run-document';
import { answerPrompt, chooseMenuItem, editorText, expect, newProject, openWorkbench, problemRows, replaceEditorText, test, treeItem } from './helpers/workbench-test';

/**
 * llm-do projects as their users keep them (both generations; files a template names at the
 * root, beside a worker in a subfolder and in templates/; agent_files), on the path a user
 * takes: a .zip, a picked folder or a folder dropped on the page → browser storage → the checks
 * in the page. No false error, the
 * run completes with the included text in the instructions, still no error after a reload,
 * and the files are stored byte for byte.
 */

const byLabel = (part: string): LlmDoCorpusProject => {
  const found = LLM_DO_CORPUS.find((entry) => entry.label.includes(part));
  if (found === undefined) throw new Error(`no corpus project "${part}"`);
  return found;
};
const PROCEDURE_AT_ROOT = byLabel("{{ file('PROCEDURE.md') }}");
const WORKER_IN_FOLDER = byLabel('a worker in its own folder');
const AGENT_FILES = byLabel('agent_files ["main.agent"]');
const AGENTS_IN_FOLDER = byLabel('agents in a subfolder');
const INCLUDES_IN_TEMPLATES = byLabel("{{ file() }} and {% include %} in the body");

async function confirmImport(page: Page, name: string): Promise<void> {
  const preview = page.getByTestId('import-dialog');
  await expect(preview.getByTestId('import-target-name')).toHaveText(name);
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(preview).toBeHidden();
  await expect(page.getByTestId('project-select')).toHaveValue(name);
}

async function importZip(page: Page, name: string, files: Record<string, string>): Promise<void> {
  const entries = Object.fromEntries(Object.entries(files).map(([path, text]) => [`${name}/${path}`, encodeUtf8(text)]));
  await page.getByTestId('zip-import-input').setInputFiles({ name: `${name}.zip`, mimeType: 'application/zip', buffer: Buffer.from(zipSync(entries)) });
  await confirmImport(page, name);
}

async function importFolder(page: Page, name: string, files: Record<string, string>): Promise<void> {
  const root = join(await mkdtemp(join(tmpdir(), 'workerbench-folder-')), name);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  await page.getByTestId('folder-import-input').setInputFiles(root);
  await confirmImport(page, name);
}

/** The project was checked in the page and nothing in it is an error. */
async function expectNoErrors(page: Page, name: string): Promise<void> {
  const panel = page.getByTestId('problems-panel');
  await expect(panel).toHaveAttribute('data-checked-project', name);
  await expect(panel.locator('[data-testid="problem-row"].severity-error')).toHaveCount(0);
}

/** Runs the entry with the demo model, approving each question once; returns the run and how many were asked. */
async function runToEnd(page: Page, entry: LlmDoCorpusProject) {
  await expect(page.getByTestId('worker-select')).toHaveValue('main');
  if (entry.input !== undefined) await page.getByTestId('run-input').fill(entry.input);
  await expect(page.getByTestId('model-select')).toHaveValue('demo:scripted');
  await page.getByTestId('run-button').click();
  const run = page.getByTestId('run-entry').first();
  const approve = page.getByTestId('approval-dialog').getByRole('button', { name: /Approve once/ }).first();
  let approvals = 0;
  await expect
    .poll(
      async () => {
        if (await approve.isVisible()) {
          await approve.click().catch(() => undefined);
          approvals += 1;
        }
        return run.getAttribute('data-status');
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe('completed');
  return { run, approvals };
}

/** The instructions main was given, in the detail pane of its row in the run's document (in front once the run started). */
async function mainInstructions(page: Page) {
  const detail = await selectRow(page, runDocument(page).locator('[data-testid="call-node"][data-worker="main"]').first());
  return detail.getByTestId('call-instructions');
}

async function savedBytes(download: Download): Promise<Uint8Array> {
  const path = await download.path();
  if (path === null) throw new Error('download failed');
  return new Uint8Array(await readFile(path));
}

/** The project's files as stored, through its .zip export (paths under the zip's one folder). */
async function storedFiles(page: Page): Promise<Map<string, string>> {
  const [download] = await Promise.all([page.waitForEvent('download'), chooseMenuItem(page, 'Project actions', 'Export project as .zip')]);
  const entries = Object.entries(unzipSync(await savedBytes(download))).filter(([path]) => !path.endsWith('/'));
  return new Map(entries.map(([path, bytes]) => [path.slice(path.indexOf('/') + 1), new TextDecoder().decode(bytes)]));
}

async function reloadProject(page: Page, name: string): Promise<void> {
  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByTestId('project-select')).toHaveValue(name);
}

for (const [name, entry] of [
  ['procedure-at-root', PROCEDURE_AT_ROOT],
  ['worker-in-folder', WORKER_IN_FOLDER],
  ['agent-files', AGENT_FILES],
  ['agents-in-folder', AGENTS_IN_FOLDER],
] as const) {
  test(`zip of an llm-do project (${entry.label}): no error, runs to the end, no error after a reload, files byte for byte`, async ({ page }) => {
    await openWorkbench(page);
    await importZip(page, name, entry.files);
    await expectNoErrors(page, name);

    const { approvals } = await runToEnd(page, entry);
    if (entry.included !== undefined) {
      await expect(await mainInstructions(page)).toContainText(entry.included);
    }
    // Imported means untrusted: whatever project.json says (approve_all included), the write was asked for.
    expect(approvals).toBeGreaterThan(0);

    await reloadProject(page, name);
    await expectNoErrors(page, name);
    const stored = await storedFiles(page);
    expect([...stored.keys()].sort()).toEqual(Object.keys(entry.files).sort());
    for (const [path, text] of Object.entries(entry.files)) expect(stored.get(path), path).toBe(path === entry.writes.path ? entry.writes.content : text);
  });
}

for (const [name, entry] of [
  ['procedure-folder', PROCEDURE_AT_ROOT],
  ['agent-files-folder', AGENTS_IN_FOLDER],
] as const) {
  test(`folder of an llm-do project (${entry.label}): no error, none after a reload, runs to the end`, async ({ page }) => {
    await openWorkbench(page);
    await importFolder(page, name, entry.files);
    await expectNoErrors(page, name);
    await reloadProject(page, name);
    await expectNoErrors(page, name);
    await runToEnd(page, entry);
    if (entry.included !== undefined) {
      await expect(await mainInstructions(page)).toContainText(entry.included);
    }
    const stored = await storedFiles(page);
    for (const [path, text] of Object.entries(entry.files)) expect(stored.get(path), path).toBe(path === entry.writes.path ? entry.writes.content : text);
  });
}

/** Drops the project's folder on the editor area (not the tree): a new project, through the import preview. */
async function dropFolder(page: Page, name: string, files: Record<string, string>): Promise<void> {
  await dropOnto(page, page.locator('.monaco-editor').first(), [{ folder: name, files }]);
  await confirmImport(page, name);
}

for (const [name, entry] of [
  ['dropped-procedure', PROCEDURE_AT_ROOT],
  ['dropped-templates', INCLUDES_IN_TEMPLATES],
  ['dropped-worker-in-folder', WORKER_IN_FOLDER],
  ['dropped-agent-files', AGENT_FILES],
  ['dropped-agents-in-folder', AGENTS_IN_FOLDER],
] as const) {
  test(`dropped folder of an llm-do project (${entry.label}): no error, runs to the end, none after a reload, files byte for byte`, async ({ page }) => {
    await openWorkbench(page);
    await dropFolder(page, name, entry.files);
    await expectNoErrors(page, name);
    await runToEnd(page, entry);
    if (entry.included !== undefined) {
      await expect(await mainInstructions(page)).toContainText(entry.included);
    }
    await reloadProject(page, name);
    await expectNoErrors(page, name);
    const stored = await storedFiles(page);
    expect([...stored.keys()].sort()).toEqual(Object.keys(entry.files).sort());
    for (const [path, text] of Object.entries(entry.files)) expect(stored.get(path), path).toBe(path === entry.writes.path ? entry.writes.content : text);
  });
}

test('a folder dropped on a tree folder goes into the project there: 150 notes past the 100-entry batches, a PDF byte for byte, the worker checked', async ({ page }) => {
  await newProject(page, 'drop-into');
  const notes = Object.fromEntries(Array.from({ length: 150 }, (_, index) => [`notes/note-${String(index).padStart(3, '0')}.md`, `# Note ${index}\n`]));
  const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x00, 0xff, 0xfe, 0x80]);
  const kit = { 'helper.worker': '---\nname: helper\ndescription: Helps.\n---\nHelp.\n', ...notes };
  await page.getByRole('button', { name: 'New folder' }).click();
  await answerPrompt(page, 'vendor');
  await expect(treeItem(page, 'vendor')).toBeVisible();
  await dropOnto(page, treeItem(page, 'vendor'), [{ folder: 'kit', files: kit, binary: { 'deck.pdf': pdf } }]);
  await expect(page.getByTestId('notice')).toContainText('Added 152 files to vendor, as they were.');
  await expect(treeItem(page, 'kit')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('problems-panel')).toHaveAttribute('data-collapsed', 'true');

  const [download] = await Promise.all([page.waitForEvent('download'), chooseMenuItem(page, 'Project actions', 'Export project as .zip')]);
  const entries = new Map(Object.entries(unzipSync(await savedBytes(download))).map(([path, bytes]) => [path.slice(path.indexOf('/') + 1), bytes]));
  expect(Buffer.from(entries.get('vendor/kit/deck.pdf')!)).toEqual(pdf);
  for (const [path, text] of Object.entries(kit)) expect(new TextDecoder().decode(entries.get(`vendor/kit/${path}`)), path).toBe(text);
});

test('an unreadable entry in a dropped folder is named and nothing is imported', async ({ page }) => {
  await openWorkbench(page);
  const projects = await page.getByTestId('project-select').locator('option').count();
  await dropOnto(page, page.locator('.monaco-editor').first(), [{ folder: 'half', files: { 'ok.md': 'ok' }, unreadable: ['input/locked.pdf'] }]);
  const error = page.getByTestId('import-dialog').getByTestId('import-error');
  await expect(error).toContainText('1 dropped item could not be read: "half/input/locked.pdf" (A requested file or directory could not be found or read.)');
  await expect(error).toContainText('Nothing was imported');
  await page.getByTestId('import-dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('project-select').locator('option')).toHaveCount(projects);
});

test("a mistyped model and a mistyped key get quick fixes that correct them; the Problems area collapses when there are none", async ({ page }) => {
  await newProject(page, 'typos');
  const panel = page.getByTestId('problems-panel');
  await expect(panel).toHaveAttribute('data-checked-project', 'typos');
  await expect(panel).toHaveAttribute('data-collapsed', 'true');

  await replaceEditorText(page, '---\nname: main\ndescription: Entry worker.\nmodel: anthropic:claude-sonet-4.5\n---\nDescribe the task here.\n');
  const model = problemRows(page).filter({ hasText: 'did you mean "anthropic:claude-sonnet-4-5"?' });
  await expect(model).toHaveCount(1);
  await expect(model).toHaveClass(/severity-warning/);
  await expect(panel).not.toHaveAttribute('data-collapsed', 'true');
  await model.click();
  await page.keyboard.press('Control+Period');
  await expect(page.getByText('Change to "anthropic:claude-sonnet-4-5"')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect.poll(() => editorText(page)).toContain('model: anthropic:claude-sonnet-4-5');
  await expect(model).toHaveCount(0);

  // One line: typed text after an indented line would be indented by the editor.
  await replaceEditorText(page, '---\nname: main\ndescription: Entry worker.\ntoolset: { filesystem: {} }\n---\nDescribe the task here.\n');
  const key = problemRows(page).filter({ hasText: 'Did you mean "toolsets"?' });
  await expect(key).toHaveCount(1);
  await key.click();
  await page.keyboard.press('Control+Period');
  await expect(page.getByText('Change to "toolsets"')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect.poll(() => editorText(page)).toContain('toolsets:');
  await expect(problemRows(page)).toHaveCount(0);
  await expect(panel).toHaveAttribute('data-collapsed', 'true');
});

test("the example's llm-do export names no tool llm-do lacks, follows llm-do's format rules, and the dialog says how its main differs", async ({ page }) => {
  await openWorkbench(page);
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await chooseMenuItem(page, 'Project actions', 'Export as an llm-do project (.zip)');
  const dialog = page.getByTestId('llm-do-export-dialog');
  await expect(dialog.getByTestId('llm-do-export-notes')).toContainText('main: the example creates its evaluator at run time with worker_create');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download .zip' }).click()]);
  const unzipped = Object.entries(unzipSync(await savedBytes(download))).filter(([path]) => !path.endsWith('/'));
  // The downloaded zip against the rules llm-do's loader applies (llm-do itself cannot run here: lib/llm-do/testing/llm-do-format-rules.ts).
  const exported = { name: 'export', files: unzipped.map(([path, bytes]) => ({ path: path.slice(path.indexOf('/') + 1), data: bytes })) };
  expect(checkLlmDoFormat(exported).problems).toEqual([]);
  const agents = unzipped.filter(([path]) => path.endsWith('.agent'));
  expect(agents.map(([path]) => path.slice(path.indexOf('/') + 1)).sort()).toEqual(['deck_evaluator.agent', 'main.agent']);
  for (const [path, bytes] of agents) {
    const text = new TextDecoder().decode(bytes);
    for (const missing of ['worker_create', 'worker_call', 'replace:', '`replace`']) expect(text, `${path} names ${missing}`).not.toContain(missing);
  }
  const main = new TextDecoder().decode(agents.find(([path]) => path.endsWith('/main.agent'))![1]);
  expect(main).toContain('  - deck_evaluator\n');
});
