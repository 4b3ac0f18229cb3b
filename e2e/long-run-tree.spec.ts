import { startMockUpstream, type ChatCompletionRequest, type MockReply, type MockUpstream } from '../bench/support/mock-upstream';
import { startSecondServer, type SecondServer } from './helpers/second-server';
import { expect, expectSaved, newProject, replaceEditorText, test } from './helpers/workbench-test';

/**
 * A worker call with a long list of tool calls (issue #16): the Run panel keeps
 * only the rows near its visible part in the page, says how many there are,
 * draws the others as they are scrolled to, keeps a row that holds the focus,
 * and shows the same after a reload. The model is an OpenAI-compatible stand-in
 * (bench/support/mock-upstream) that asks for 150 reads in one step.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 25;
const CALLS = 150;

// Long enough (over 600 characters) that every read's result folds behind a "Show more" button.
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
  upstream = await startMockUpstream({ latencyMs: 5, reply });
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
  const run = page.getByTestId('run-entry').first();
  await expect(run).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(run.getByTestId('run-output')).toContainText(`Read it ${CALLS} times.`);

  // The list says how many tool calls it has, to the eye of a screen reader too; the page holds fewer rows.
  const list = run.getByRole('list', { name: `${CALLS} tool calls` });
  await expect(list).toHaveAttribute('data-count', String(CALLS));
  const rows = list.getByTestId('tool-call');
  const row = (position: number) => list.locator(`[data-testid="tool-call"][aria-posinset="${position}"]`);
  await expect(row(1)).toBeVisible();
  await expect(row(1)).toHaveAttribute('data-status', 'done');
  await expect(row(CALLS)).toHaveCount(0);
  expect(await rows.count()).toBeLessThan(CALLS);

  // The first row's "Show more" holds the focus while the panel scrolls to the end: its row stays.
  const showMore = row(1).getByRole('button', { name: /Show more/ });
  await showMore.focus();
  const panel = page.locator('[data-run-scroll-root]');
  await panel.hover();
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    await expect(row(CALLS)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row(CALLS)).toHaveAttribute('data-status', 'done');
  await expect(row(CALLS).getByTestId('tool-result')).toContainText('This sentence makes the file long.');
  expect(await rows.count()).toBeLessThan(CALLS);
  await expect(showMore).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row(1).getByRole('button', { name: 'Show less' })).toBeFocused();

  // Back at the top, the first rows are drawn again where they were.
  await panel.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(row(2)).toBeVisible();

  // A reload keeps the run, and the list is windowed the same way.
  await page.reload();
  const kept = page.getByTestId('run-entry').first();
  await expect(kept).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  const keptList = kept.getByRole('list', { name: `${CALLS} tool calls` });
  await expect(keptList.locator('[data-testid="tool-call"][aria-posinset="1"]')).toBeVisible();
  await expect(keptList.locator(`[data-testid="tool-call"][aria-posinset="${CALLS}"]`)).toHaveCount(0);
});
