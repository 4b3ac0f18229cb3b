import { startChatCompletionsStandIn, type StandIn } from './helpers/chat-completions-stand-in';
import { startSecondServer, type SecondServer } from './helpers/second-server';
import { createFile, editorText, expect, newProject, openWorkbench, problemRows, replaceEditorText, test, treeItem } from './helpers/workbench-test';

/**
 * Compare: one worker on the demo model and on an OpenAI-compatible stand-in (a second
 * production server pointed at it), side by side. Each run writes the same file in its
 * own copy of the project; nothing lands until one run is applied, and then only its write.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 15;
const STAND_IN_MODEL = 'openai-compatible:standin';

const MAIN_WRITER = `---
name: main
description: Writes files.
toolsets: { filesystem: { approvals: { write_file: pre_approved } } }
---
Write the files you are asked to write.
`;

let standIn: StandIn;
let server: SecondServer;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  standIn = await startChatCompletionsStandIn('from the stand-in');
  server = await startSecondServer(PORT, { OPENAI_COMPATIBLE_BASE_URL: standIn.baseUrl, OPENAI_COMPATIBLE_MODELS: 'standin', WORKERBENCH_DEFAULT_MODEL: 'demo:scripted' });
});

test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

test('two models side by side in their own copies; applying one writes only its changes', async ({ page }) => {
  await newProject(page, 'compare-me');
  await replaceEditorText(page, MAIN_WRITER);
  await page.getByTestId('run-input').fill('write "from the demo" to answer.md');

  await page.getByTestId('compare-button').click();
  const dialog = page.getByTestId('compare-dialog');
  await expect(dialog).toBeVisible();
  // One model is not a comparison.
  await dialog.locator('input[data-model="demo:scripted"]').check();
  await dialog.getByTestId('compare-run').click();
  await expect(dialog.getByRole('alert')).toContainText('at least 2 models');
  await dialog.locator(`input[data-model="${STAND_IN_MODEL}"]`).check();
  await dialog.getByTestId('compare-run').click();

  const rows = dialog.getByTestId('compare-row');
  await expect(rows).toHaveCount(2);
  const demoRow = rows.filter({ has: page.locator('th', { hasText: 'demo:scripted' }) });
  const standInRow = rows.filter({ has: page.locator('th', { hasText: STAND_IN_MODEL }) });
  await expect(demoRow).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(standInRow).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(standInRow.getByTestId('compare-changes')).toHaveText('answer.md (added)');
  await expect(demoRow.getByTestId('compare-changes')).toHaveText('answer.md (added)');
  // The stand-in's answer is markdown, rendered; tokens are what it reported.
  await expect(standInRow.locator('strong')).toHaveText('answer.md');
  await expect(standInRow).toContainText('84 / 14');
  await expect(dialog.getByTestId('compare-diff-summary')).toContainText('differ');

  // Nothing reached the project yet.
  await expect(treeItem(page, 'answer.md')).toHaveCount(0);

  await standInRow.getByTestId('compare-apply').click();
  await expect(dialog.getByTestId('compare-applied')).toContainText(`Applied the changes of ${STAND_IN_MODEL}: answer.md (added)`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Both compared runs are normal runs too: in the Runs panel, kept.
  await expect(page.getByTestId('run-entry')).toHaveCount(2);
  await treeItem(page, 'answer.md').click();
  await expect.poll(() => editorText(page)).toContain('from the stand-in');

  await page.reload();
  await treeItem(page, 'answer.md').click();
  await expect.poll(() => editorText(page)).toContain('from the stand-in');
  expect(standIn.requests.length).toBeGreaterThanOrEqual(2);
});

test("run the example's test cases and see the table; a failing case opens its run", async ({ page }) => {
  // Eight runs (four cases on two models), three at a time, PDFs read by pdf.js in the page.
  test.setTimeout(300_000);
  await openWorkbench(page);
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await expect(treeItem(page, 'deck_evaluator.tests.yaml')).toBeVisible();

  await page.getByTestId('tests-button').click();
  const dialog = page.getByTestId('tests-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('tests-file')).toHaveValue('deck_evaluator.tests.yaml');
  // The Run form's model is picked already; the stand-in is added.
  await expect(dialog.locator('input[data-model="demo:scripted"]')).toBeChecked();
  await dialog.locator(`input[data-model="${STAND_IN_MODEL}"]`).check();
  await dialog.getByTestId('tests-run').click();

  const rows = dialog.getByTestId('tests-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.first().locator('th')).toHaveText('Tidewater Robotics is worth investing in');
  const demoCells = dialog.locator('[data-testid="tests-cell"][data-model="demo:scripted"]');
  const standInCells = dialog.locator(`[data-testid="tests-cell"][data-model="${STAND_IN_MODEL}"]`);
  await expect(dialog.getByTestId('tests-run')).toBeVisible({ timeout: 240_000 });
  for (let index = 0; index < 4; index += 1) {
    await expect(demoCells.nth(index)).toHaveAttribute('data-status', 'passed');
    await expect(standInCells.nth(index)).toHaveAttribute('data-status', 'failed');
  }
  // The failing check says what it expected.
  await expect(standInCells.first().getByTestId('tests-cell-message')).toHaveText('expected the output to contain "**Verdict: Invest**"; it does not');

  const demoTotal = dialog.locator('[data-testid="tests-total"][data-model="demo:scripted"]');
  const standInTotal = dialog.locator(`[data-testid="tests-total"][data-model="${STAND_IN_MODEL}"]`);
  await expect(demoTotal.getByTestId('tests-passed')).toHaveText('4 / 4');
  await expect(standInTotal.getByTestId('tests-passed')).toHaveText('0 / 4');
  await expect(demoTotal.getByTestId('tests-tokens')).not.toHaveText('0 / 0');
  // Cost from the price table: the demo is a known $0, the stand-in (an unpriced OpenAI-compatible model) unknown.
  await expect(demoTotal.getByTestId('tests-cost')).toHaveText('$0.00');
  await expect(standInTotal.getByTestId('tests-cost')).toHaveText('cost unknown');

  // A failing case opens its run as a tab: a normal run of the evaluator on that model, its tree focused.
  const failing = standInCells.nth(2);
  const runId = await failing.getAttribute('data-run-id');
  await failing.click();
  await expect(dialog).toBeHidden();
  const run = page.getByTestId('run-document');
  await expect(run).toHaveAttribute('data-run-id', runId!);
  await expect(run).toHaveAttribute('data-status', 'completed');
  await expect(run.locator('[data-testid="call-node"][data-depth="0"]')).toBeFocused();
  await expect(page.locator(`[data-testid="run-entry"][data-run-id="${runId}"] > button`)).toHaveAttribute('aria-current', 'page');
  await expect(run.getByTestId('run-model')).toHaveText(STAND_IN_MODEL);
  await expect(run.getByTestId('run-output')).toContainText('The stand-in wrote');
  // Eight cases, eight runs; each kept across a reload like any run.
  await expect(page.getByTestId('run-entry')).toHaveCount(8);
  await page.reload();
  await expect(page.getByTestId('run-entry')).toHaveCount(8);
  await expect(page.locator(`[data-testid="run-entry"][data-run-id="${runId}"]`)).toHaveAttribute('data-status', 'completed');
});

test('a broken tests file gets located problems and does not run', async ({ page }) => {
  await newProject(page, 'tests-broken');
  await createFile(page, 'main.tests.yaml');
  // One line of flow YAML: the editor's auto-indent would reshape typed block YAML.
  await replaceEditorText(page, '# A broken tests file\ncases: [{ name: says hello, checks: [{ contain: hello }, { regex: "(?=a)a" }] }]\n');
  await expect(problemRows(page).filter({ hasText: 'Unknown check kind "contain"' })).toHaveCount(1);
  await expect(problemRows(page).filter({ hasText: 'This regex cannot be used' })).toHaveCount(1);
  await page.getByTestId('tests-button').click();
  const dialog = page.getByTestId('tests-dialog');
  await dialog.getByTestId('tests-run').click();
  await expect(dialog.getByTestId('tests-error')).toHaveText('main.tests.yaml has 2 problems; fix them to run its cases.');
  await expect(dialog.getByTestId('tests-problems')).toContainText('main.tests.yaml:2:40 Unknown check kind "contain"');
  await expect(dialog.getByTestId('tests-table')).toHaveCount(0);
});
