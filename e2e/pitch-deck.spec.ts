import type { Locator, Page, TestInfo } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { EXAMPLE_DECK_FILE_NAMES } from '@/lib/project/example-decks';
import { readEachRow, runDocument, selectRow, textOf } from './helpers/run-document';
import { answerPrompt, chooseMenuItem, editorText, expandFolder, expect, focusEditor, openWorkbench, problemRows, test, treeItem } from './helpers/workbench-test';

/**
 * The pitch-deck bootstrapping demo, as a new user meets it: a fresh browser
 * opens the shipped example with its three sample decks, one click on Run (the
 * scripted demo model) asks to create the evaluator worker — shown and editable
 * before it is written — then one evaluator call per deck, one report per deck
 * quoting the deck's own text, and the summary opens in the main pane. The
 * generated worker is marked in the tree and can be promoted into the project.
 * Every test fails on any console error or page error (helpers/workbench-test).
 */

const EXAMPLE = 'pitch-deck-example';
const slugs = EXAMPLE_DECK_FILE_NAMES.map((name) => name.replace(/\.pdf$/, ''));

/** The run in front of the editor area: a run started from the Run panel opens there. */
function latestRun(page: Page): Locator {
  return runDocument(page);
}

function creationQuestion(page: Page): Locator {
  return page.locator('[data-testid="approval-item"][data-tool="worker_create"]');
}

/**
 * The content the entry worker wrote to `path`, as the run document shows the write's arguments
 * (the write picked by its result, which names the one path it wrote; long values unfolded).
 */
async function writtenContent(run: Locator, path: string): Promise<Locator> {
  const page = run.page();
  const writes = run.locator('[data-testid="tool-call"][data-tool="write_file"][aria-level="2"]');
  const results = await readEachRow(page, writes, (detail) => textOf(detail, 'tool-result'));
  const matching = results.flatMap((result, index) => (result.includes(`"${path}"`) ? [index] : []));
  expect(matching).toHaveLength(1);
  const args = (await selectRow(page, writes.nth(matching[0]!))).getByTestId('tool-args');
  const more = args.getByRole('button', { name: /Show more/ });
  if ((await more.count()) > 0) await more.click();
  return args;
}

/** The fresh example, its decks in input/, and the Run panel set to the demo model. */
async function openExample(page: Page): Promise<void> {
  await openWorkbench(page);
  await expect(page.getByTestId('project-select')).toHaveValue(EXAMPLE);
  await expect(page.getByTestId('editor-tab')).toHaveText('main.worker');
  await expandFolder(page, 'input');
  for (const name of EXAMPLE_DECK_FILE_NAMES) await expect(treeItem(page, name)).toBeVisible();
  await expect(page.getByTestId('model-select')).toHaveValue('demo:scripted');
  await expect(page.getByTestId('worker-select')).toHaveValue('main');
  await expect(page.getByTestId('notice')).toHaveCount(0);
}

/** A pitch deck with real text: one slide per page, the title on the first line, as the samples. */
async function makeDeck(company: string, slides: Array<[string, string[]]>): Promise<Buffer> {
  const document = await PDFDocument.create();
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const [title, lines] of [[company, ['Seed round, 2026']] as [string, string[]], ...slides]) {
    const page = document.addPage([792, 612]);
    page.drawText(title, { x: 48, y: 550, size: 28, font: bold });
    lines.forEach((line, index) => page.drawText(line, { x: 56, y: 480 - index * 30, size: 14, font }));
  }
  return Buffer.from(await document.save());
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('fresh browser: the example with its 3 decks runs end to end and opens the summary', async ({ page }, testInfo) => {
  await openExample(page);

  const clickedAt = Date.now();
  await page.getByTestId('run-button').click();

  // The evaluator the orchestrator wants to create, as the file that would be written.
  const question = creationQuestion(page);
  await expect(question).toBeVisible();
  await expect(question).toContainText('main');
  const file = question.getByTestId('approval-field-file');
  await expect(file).toHaveValue(/^---\n/);
  await expect(file).toHaveValue(/\nname: pitch_evaluator\n/);
  await expect(file).toHaveValue(/\ndescription: .+\n/);
  await expect(file).toHaveValue(/attachment_policy:/);
  // The instructions carry the rubric the orchestrator read from rubric.md.
  await expect(file).toHaveValue(/A specific, painful problem for a clearly identified customer, with evidence\./);
  await expect(file).toHaveValue(/market size given only top-down/);
  await expect(question.getByTestId('approval-problem')).toHaveCount(0);
  await expect(question.getByTestId('approval-edit-error')).toHaveCount(0);
  await question.getByTestId('approve-once').click();
  await expect(question).toBeHidden();

  // The evaluator file appears while the run goes on, marked as generated.
  await expandFolder(page, 'generated');
  const evaluatorFile = treeItem(page, 'pitch_evaluator.worker');
  await expect(evaluatorFile).toHaveAttribute('data-generated', 'true');
  await expect(evaluatorFile).toHaveAttribute('data-path', 'generated/pitch_evaluator.worker');
  await expect(evaluatorFile).toHaveAccessibleDescription(/generated/);
  await expect(evaluatorFile.getByTestId('generated-mark')).toBeVisible();
  // Other files are not marked.
  await expect(treeItem(page, 'main.worker')).not.toHaveAttribute('data-generated', 'true');

  // The summary opens in the main pane when the run completes.
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md', { timeout: 60_000 });
  const wallTime = Date.now() - clickedAt;
  testInfo.annotations.push({ type: 'demo flow wall time (Run click to summary open)', description: `${wallTime} ms` });
  console.log(`pitch-deck demo flow: ${wallTime} ms from the Run click to evaluations/summary.md open`);

  const run = latestRun(page);
  await expect(run).toHaveAttribute('data-status', 'completed');
  await expect(run.locator('[data-testid="tool-call"][data-tool="worker_create"]')).toHaveAttribute('data-approval', 'approve_once');
  // One evaluator call per deck, each with its deck attached.
  const evaluators = run.locator('[data-testid="call-node"][data-worker="pitch_evaluator"]');
  await expect(evaluators).toHaveCount(3);
  const attachments = await readEachRow(page, evaluators, (detail) => textOf(detail, 'call-attachments'));
  for (const name of EXAMPLE_DECK_FILE_NAMES) expect(attachments.filter((text) => text.includes(name))).toHaveLength(1);
  for (let index = 0; index < 3; index += 1) {
    await expect(evaluators.nth(index)).toHaveAttribute('data-depth', '1');
    await expect(evaluators.nth(index)).toHaveAttribute('data-status', 'completed');
  }

  // The reports reflect each deck's own text.
  const tidewater = await writtenContent(run, 'evaluations/tidewater-robotics.md');
  await expect(tidewater).toContainText('# Tidewater Robotics');
  await expect(tidewater).toContainText('Verdict: Invest');
  await expect(tidewater).toContainText('14 paying customers in 3 ports');
  const lumen = await writtenContent(run, 'evaluations/lumen-ledger.md');
  await expect(lumen).toContainText('Verdict: Consider');
  await expect(lumen).toContainText('Monthly churn in the beta: 6 percent.');
  const orbit = await writtenContent(run, 'evaluations/orbit-snacks.md');
  await expect(orbit).toContainText('Verdict: Pass');
  await expect(orbit).toContainText('guaranteed returns');
  await expect(orbit).toContainText('Guaranteed 100x return for early investors.');

  // The summary (its tab, behind the run's) opens rendered (a markdown result is read) and ranks the three companies; the files are in the tree.
  await page.getByTestId('editor-tab').click();
  const preview = page.getByTestId('markdown-preview');
  await expect(preview).toContainText('Tidewater Robotics');
  const summary = await preview.innerText();
  expect(summary.indexOf('Tidewater Robotics')).toBeLessThan(summary.indexOf('Orbit Snacks'));
  await expect(page.getByTestId('header-location')).toContainText('evaluations/summary.md');
  await expandFolder(page, 'evaluations');
  for (const slug of slugs) await expect(treeItem(page, `${slug}.md`)).toBeVisible();

  // A report opened from the tree shows the deck's quote.
  await treeItem(page, 'orbit-snacks.md').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/orbit-snacks.md');
  await expect.poll(() => editorText(page)).toContain('# Orbit Snacks');
  expect(await editorText(page)).toContain('Verdict: Pass');

  await treeItem(page, 'summary.md').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md');
  // The screenshot shows the run's document: the entry worker and its evaluator calls.
  await page.getByTestId('run-entry').first().getByRole('button').click();
  await expect(run.getByTestId('call-tree')).toBeVisible();
  await attachScreenshot(page, testInfo, 'pitch-deck-demo.png');
});

test('a deck the user uploads is evaluated from its own text', async ({ page }) => {
  await openExample(page);
  const deck = await makeDeck('Quillfeather Labs', [
    ['Problem', ['Small publishers lose 30 percent of their revenue to slow, manual rights management.']],
    ['Solution', ['A rights platform that replaces spreadsheets and clears a licence in minutes instead of weeks.']],
    ['Team', ['CEO: 11 years in publishing; previously ran rights at a large publisher.']],
    ['Market', ['Serviceable market: 9,000 companies publishing books in Europe.']],
    ['Traction', ['37 paying customers and 410,000 dollars in annual recurring revenue.']],
  ]);
  await treeItem(page, 'input').click();
  await page.getByTestId('upload-input').setInputFiles([{ name: 'quillfeather-labs.pdf', mimeType: 'application/pdf', buffer: deck }]);
  await expect(treeItem(page, 'quillfeather-labs.pdf')).toBeVisible();

  await page.getByTestId('run-button').click();
  await creationQuestion(page).getByTestId('approve-once').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md', { timeout: 60_000 });
  const run = latestRun(page);
  await expect(run).toHaveAttribute('data-status', 'completed');
  await expect(run.locator('[data-testid="call-node"][data-worker="pitch_evaluator"]')).toHaveCount(4);
  const report = await writtenContent(run, 'evaluations/quillfeather-labs.md');
  await expect(report).toContainText('# Quillfeather Labs');
  await expect(report).toContainText('37 paying customers and 410,000 dollars in annual recurring revenue.');
  await page.getByTestId('editor-tab').click();
  await expect(page.getByTestId('markdown-preview')).toContainText('Quillfeather Labs');
});

test('the approval editor edits the evaluator before it is written; Promote moves it into the project', async ({ page }, testInfo) => {
  await openExample(page);
  await page.getByTestId('run-button').click();
  const question = creationQuestion(page);
  const file = question.getByTestId('approval-field-file');
  await expect(file).toHaveValue(/name: pitch_evaluator/);
  const proposed = await file.inputValue();
  // An edit that worker_create would refuse says so before approving.
  await file.fill(proposed.replace(/^name: .*$/m, 'name: not a valid name!'));
  await expect(question.getByTestId('approval-edit-error')).toContainText('As edited, this file would be refused');
  const edited = proposed.replace(/^description: .*$/m, 'description: Scores one deck against our rubric (edited before approval).');
  await file.fill(edited);
  await expect(question.getByTestId('approval-edit-ok')).toContainText('generated/pitch_evaluator.worker');
  await expect(question.getByTestId('approval-problem')).toHaveCount(0);
  await expect(question.getByTestId('approval-edit-error')).toHaveCount(0);
  await attachScreenshot(page, testInfo, 'worker-create-approval.png');
  await expect(question.getByTestId('approve-session')).toBeDisabled();
  await question.getByTestId('approve-once').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md', { timeout: 60_000 });
  await expect(latestRun(page)).toHaveAttribute('data-status', 'completed');

  // The written file has the edit.
  await expandFolder(page, 'generated');
  const generatedFile = treeItem(page, 'pitch_evaluator.worker');
  await generatedFile.click();
  await expect(page.getByTestId('editor-tab')).toHaveText('generated/pitch_evaluator.worker');
  // The editor wraps long lines: compare with the wraps undone.
  await expect.poll(async () => (await editorText(page)).replace(/\s+/g, ' ')).toContain('description: Scores one deck against our rubric (edited before approval).');

  // Promote from the keyboard: P on the focused row. A taken destination is refused in the dialog.
  await generatedFile.focus();
  await page.keyboard.press('p');
  const dialog = page.getByTestId('prompt-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveValue('pitch_evaluator.worker');
  await dialog.getByRole('textbox').fill('main.worker');
  await expect(dialog.getByRole('alert')).toContainText('already exists');
  await expect(dialog.getByRole('button', { name: 'Promote' })).toBeDisabled();
  await answerPrompt(page, 'pitch_evaluator.worker');

  // Now a project worker at the root: not marked, no diagnostics, offered to the run form.
  const promoted = page.locator('[data-testid="tree-item"][data-path="pitch_evaluator.worker"]');
  await expect(promoted).toBeVisible();
  await expect(promoted).not.toHaveAttribute('data-generated', 'true');
  await expect(page.locator('[data-testid="tree-item"][data-path="generated/pitch_evaluator.worker"]')).toHaveCount(0);
  await expect(page.getByTestId('editor-tab')).toHaveText('pitch_evaluator.worker');
  await expect(page.getByTestId('notice')).toContainText('Promoted "pitch_evaluator" to pitch_evaluator.worker');
  await expect(problemRows(page)).toHaveCount(0);
  await expect(page.getByTestId('worker-select').locator('option[value="pitch_evaluator"]')).toHaveCount(1);

  // A fresh run uses it as a project worker, the way it was promoted (edit included).
  await page.getByTestId('worker-select').selectOption('pitch_evaluator');
  await page.getByTestId('attachment-picker').getByLabel('input/tidewater-robotics.pdf').check();
  await page.getByTestId('run-input').fill('Evaluate the pitch deck input/tidewater-robotics.pdf');
  await page.getByTestId('run-button').click();
  const run = latestRun(page);
  await expect(page.getByTestId('run-entry')).toHaveCount(2);
  await expect(run).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(run.locator('[data-testid="call-node"][data-worker="pitch_evaluator"]').first()).toHaveAttribute('data-depth', '0');
  await expect(run.getByTestId('run-output')).toContainText('Verdict: Invest');
  await expect(creationQuestion(page)).toHaveCount(0);

  // A generated worker whose name a project worker has is refused, with the reason shown (toolbar Promote).
  await treeItem(page, 'generated').click();
  await page.getByRole('button', { name: 'New file' }).click();
  await answerPrompt(page, 'copy.worker');
  await expect(page.getByTestId('editor-tab')).toHaveText('generated/copy.worker');
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText('---\nname: main\ndescription: A second main.\n---\nHello.\n');
  await expect.poll(() => editorText(page)).toContain('A second main.');
  const copy = treeItem(page, 'copy.worker');
  await expect(copy).toHaveAttribute('data-generated', 'true');
  await copy.click();
  await chooseMenuItem(page, 'More file actions', 'Promote generated worker');
  await expect(page.getByTestId('prompt-dialog').getByRole('textbox')).toHaveValue('main.worker');
  await answerPrompt(page, 'second-main.worker');
  await expect(page.getByTestId('notice')).toContainText('Could not promote generated/copy.worker: The project already has a worker named "main" (main.worker)');
  await expect(copy).toBeVisible();
  await expect(page.locator('[data-testid="tree-item"][data-path="second-main.worker"]')).toHaveCount(0);
});

test('Restore pitch-deck example makes a fresh copy under a free name; a deck that cannot be fetched is reported', async ({ page }) => {
  await openExample(page);
  // The server answers one deck with something that is not a PDF (a 404 page would log a console error).
  await page.route('**/examples/pitch-deck/input/lumen-ledger.pdf', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>gone</html>' }));
  await chooseMenuItem(page, 'Project actions', 'Restore pitch-deck example');
  const dialog = page.getByTestId('prompt-dialog');
  await expect(dialog.getByRole('textbox')).toHaveValue(`${EXAMPLE}-2`);
  // The original is never overwritten.
  await dialog.getByRole('textbox').fill(EXAMPLE);
  await expect(dialog.getByRole('alert')).toContainText('already exists');
  await answerPrompt(page, `${EXAMPLE}-2`);

  await expect(page.getByTestId('project-select')).toHaveValue(`${EXAMPLE}-2`);
  await expect(page.getByTestId('notice')).toContainText('One sample deck could not be added');
  await expect(page.getByTestId('notice')).toContainText('lumen-ledger.pdf (the server did not send a PDF)');
  await expandFolder(page, 'input');
  await expect(treeItem(page, 'tidewater-robotics.pdf')).toBeVisible();
  await expect(treeItem(page, 'orbit-snacks.pdf')).toBeVisible();
  await expect(treeItem(page, 'lumen-ledger.pdf')).toHaveCount(0);
  await expect(treeItem(page, 'rubric.md')).toBeVisible();

  // The original example still has all three.
  await page.unroute('**/examples/pitch-deck/input/lumen-ledger.pdf');
  await page.getByTestId('project-select').selectOption(EXAMPLE);
  // The switch reads the project before it shows it; a click on the previous project's tree meanwhile is lost.
  await expect(page.getByTestId('header-location')).toHaveText(new RegExp(`^${EXAMPLE}\\b(?!-)`));
  await expandFolder(page, 'input');
  for (const name of EXAMPLE_DECK_FILE_NAMES) await expect(treeItem(page, name)).toBeVisible();
});
