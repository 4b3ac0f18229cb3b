import { startMockUpstream, type ChatCompletionRequest, type MockReply, type MockUpstream } from '../bench/support/mock-upstream';
import { startSecondServer, type SecondServer } from './helpers/second-server';
import { openRun, runDetail, runDocument } from './helpers/run-document';
import { expect, expectSaved, newProject, replaceEditorText, test } from './helpers/workbench-test';

/**
 * A worker call with a long list of tool calls (issue #16): the run document's
 * tree keeps only the rows near its visible part in the page, says how many there are,
 * follows the newest rows while the run streams, draws the others as they are
 * scrolled to, keeps a row that holds the focus,
 * and shows the same after a reload. The model is an OpenAI-compatible stand-in
 * (bench/support/mock-upstream) that asks for 150 reads in one step.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 25;
const CALLS = 150;

// Long enough (over 600 characters) that every read's result folds behind a "Show more" button in its detail.
const WORKER = [
  '---',
  'name: main',
  'description: Reads itself many times.',
  'allow_empty_input: true',
  'toolsets: { filesystem: {} }',
  '---',
  `Read main.worker. ${'This sentence makes the file long. '.repeat(20)}`,
  '',
].join('\n');

function reply(request: ChatCompletionRequest): MockReply {
  if (request.messages.some((message) => message.role === 'tool')) return { text: `Read it ${CALLS} times.` };
  return { toolCalls: Array.from({ length: CALLS }, () => ({ name: 'read_file', arguments: { path: 'main.worker' } })) };
}

let upstream: MockUpstream;
let server: SecondServer;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // Each answer after 150 ms, so the rows stream into an open run document: at 5 ms the whole run
  // took about 300 ms and, on a fast machine, in 2 of 10 runs (the code before 2026-11-28 too)
  // its document showed the first rows, not the newest, which this test is not about.
  upstream = await startMockUpstream({ latencyMs: 150, reply });
  server = await startSecondServer(PORT, { OPENAI_COMPATIBLE_BASE_URL: upstream.baseUrl, OPENAI_COMPATIBLE_MODELS: 'mock' });
});

test.afterAll(async () => {
  await server?.stop();
  await upstream?.close();
});

test('a call of 150 tool calls keeps only the rows near the view in the page, draws the rest on scroll, and keeps a focused row', async ({ page }) => {
  await newProject(page, 'long-run');
  await replaceEditorText(page, WORKER);
  await expectSaved(page);
  await page.getByTestId('model-select').selectOption('openai-compatible:mock');
  await page.getByTestId('run-input').fill('Read yourself.');
  await page.getByTestId('run-button').click();
  const run = runDocument(page);
  await expect(run).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(run.getByTestId('run-output')).toContainText(`Read it ${CALLS} times.`);

  // The tree says how many rows it has (the entry call and its tool calls); the page holds fewer.
  const tree = run.getByRole('tree', { name: 'Calls of this run' });
  await expect(tree).toHaveAttribute('data-count', String(CALLS + 1));
  const rows = tree.getByTestId('tool-call');
  const row = (position: number) => tree.locator(`[data-testid="tool-call"][aria-posinset="${position}"]`);
  // The live run kept its newest rows in view: the last row is drawn, the first ones are not in the page.
  await expect(row(CALLS)).toBeVisible();
  await expect(row(CALLS)).toHaveAttribute('data-status', 'done');
  await expect(row(CALLS)).toHaveAttribute('aria-setsize', String(CALLS));
  await expect(row(1)).toHaveCount(0);
  expect(await rows.count()).toBeLessThan(CALLS);
  // The last row's detail has its result.
  await row(CALLS).click();
  await expect(runDetail(page).getByTestId('tool-result')).toContainText('This sentence makes the file long.');

  // Home goes to the entry call by keyboard; the first rows are drawn again.
  await page.keyboard.press('Home');
  await expect(tree.locator('[data-testid="call-node"]')).toBeFocused();
  await expect(row(1)).toBeVisible();
  await expect(row(1)).toHaveAttribute('data-status', 'done');
  expect(await rows.count()).toBeLessThan(CALLS);

  // The first row holds the focus while the tree scrolls to the end: its row stays.
  await row(1).click();
  await expect(row(1)).toBeFocused();
  const scroller = page.locator('[data-run-scroll-root]');
  await scroller.hover();
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    await expect(row(CALLS)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(await rows.count()).toBeLessThan(CALLS);
  await expect(row(1)).toBeFocused();
  // End moves the focus to the last row.
  await page.keyboard.press('End');
  await expect(row(CALLS)).toBeFocused();

  // A reload keeps the run; opened from the list, its tree is windowed the same way.
  await page.reload();
  const kept = page.getByTestId('run-entry').first();
  await expect(kept).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  const keptTree = (await openRun(page, kept)).getByRole('tree', { name: 'Calls of this run' });
  await expect(keptTree.locator('[data-testid="tool-call"][aria-posinset="1"]')).toBeVisible();
  await expect(keptTree.locator(`[data-testid="tool-call"][aria-posinset="${CALLS}"]`)).toHaveCount(0);
});
