import { startChatCompletionsStandIn, type StandIn } from './helpers/chat-completions-stand-in';
import { startSecondServer, type SecondServer } from './helpers/second-server';
import { expect, newProject, replaceEditorText, test, treeItem, editorText } from './helpers/workbench-test';

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
  await treeItem(page, 'answer.md').click();
  await expect.poll(() => editorText(page)).toContain('from the stand-in');

  await page.reload();
  await treeItem(page, 'answer.md').click();
  await expect.poll(() => editorText(page)).toContain('from the stand-in');
  expect(standIn.requests.length).toBeGreaterThanOrEqual(2);
});
