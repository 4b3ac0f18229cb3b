import { startMockUpstream, type ChatCompletionRequest, type MockReply, type MockUpstream } from '../bench/support/mock-upstream';
import { startSecondServer, type SecondServer } from './helpers/second-server';
import { createFile, editorText, expect, expectSaved, newProject, replaceEditorText, test, treeItem } from './helpers/workbench-test';

/**
 * A fan-out wider than the browser's connections (issue #16). The page is
 * served over HTTP/1.1, where Chromium opens at most six connections to one
 * server and a model step holds one for as long as the model takes. The
 * project allows eight model requests at once; its main worker calls eight
 * helpers together, and an OpenAI-compatible stand-in (bench/support/
 * mock-upstream) holds every helper's answer until the test lets them go. So:
 * five steps reach the model and no sixth; the waiting helpers say they wait
 * for a connection; the page still reaches its server meanwhile (a sixth step
 * would have taken that last connection); let go, all eight finish.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 30;
const HELPERS = 8;
const BUDGET = 5;

const MAIN = [
  '---',
  'name: main',
  'description: Asks eight helpers at once.',
  'allow_empty_input: true',
  'toolsets: { workers: { allowed_workers: [helper] } }',
  '---',
  'Ask the helper eight times at once.',
  '',
].join('\n');

const HELPER = ['---', 'name: helper', 'description: Answers when asked.', '---', 'You are helper. Answer briefly.', ''].join('\n');

const MANIFEST = JSON.stringify({ name: 'wide', entry: 'main', default_model: 'openai-compatible:mock', runtime: { max_concurrency: 8 } }, null, 2);

const isHelper = (request: ChatCompletionRequest) => String(request.messages.find((message) => message.role === 'system')?.content ?? '').startsWith('You are helper.');

function reply(request: ChatCompletionRequest): MockReply {
  if (isHelper(request)) return { text: 'Helped.' };
  if (request.messages.some((message) => message.role === 'tool')) return { text: `All ${HELPERS} helpers answered.` };
  return { toolCalls: Array.from({ length: HELPERS }, (_, index) => ({ name: 'helper', arguments: { input: `part ${index + 1}` } })) };
}

let upstream: MockUpstream;
let server: SecondServer;
/** Helper requests the stand-in holds right now, and the most it ever held at once. */
const held = { now: 0, most: 0 };
let letGo: () => void = () => undefined;
const released = new Promise<void>((resolve) => (letGo = resolve));

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  upstream = await startMockUpstream({
    latencyMs: 5,
    reply,
    hold: (request) => {
      if (!isHelper(request)) return undefined;
      held.now += 1;
      held.most = Math.max(held.most, held.now);
      return released.then(() => void (held.now -= 1));
    },
  });
  server = await startSecondServer(PORT, { OPENAI_COMPATIBLE_BASE_URL: upstream.baseUrl, OPENAI_COMPATIBLE_MODELS: 'mock' });
});

test.afterAll(async () => {
  letGo();
  await server?.stop();
  await upstream?.close();
});

test('over HTTP/1.1 without a step stream, a fan-out of eight sends five steps at once, says the rest wait for a connection, and leaves one for the page', async ({ page, consoleErrors }) => {
  // Without the step stream (a server or proxy that cannot carry it: its route answers 404), each step
  // is its own request, and the browser's six connections per server bind (fan-out-step-stream.spec.ts
  // covers the stream itself).
  await page.route('**/api/model/session', (route) => route.fulfill({ status: 404, body: '' }));
  await newProject(page, 'wide');
  await replaceEditorText(page, MAIN);
  await expectSaved(page);
  await createFile(page, 'helper.worker');
  await replaceEditorText(page, HELPER);
  await expectSaved(page);
  // The manifest that allows eight requests at once comes as a file, over the new project's own.
  await page.getByTestId('upload-input').setInputFiles({ name: 'project.json', mimeType: 'application/json', buffer: Buffer.from(MANIFEST) });
  await page.getByTestId('choice-dialog').getByRole('button', { name: 'Replace' }).click();
  await treeItem(page, 'project.json').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('project.json');
  await expect.poll(() => editorText(page)).toContain('"max_concurrency": 8');
  await expect(page.getByTestId('problem-row')).toHaveCount(0);
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe('http/1.1');

  await page.getByTestId('worker-select').selectOption('main');
  await expect(page.getByTestId('model-select')).toHaveValue('openai-compatible:mock');
  await page.getByTestId('run-button').click();
  // The run's document (its tab, in front): a row per helper call, a waiting call's wait in its row.
  const run = page.getByTestId('run-document');
  const helpers = run.locator('[data-testid="call-node"][data-worker="helper"]');
  await expect(helpers).toHaveCount(HELPERS);

  // Five helpers' steps are at the model; the other three wait in the loop, where the tree can say so.
  await expect.poll(() => held.now).toBe(BUDGET);
  const waits = run.getByTestId('call-wait');
  await expect(waits).toHaveCount(HELPERS - BUDGET);
  for (let index = 0; index < HELPERS - BUDGET; index += 1) {
    await expect(waits.nth(index)).toHaveText("queued — waiting for a free connection to the server (the browser's six per server over HTTP/1.1)");
  }
  // The page's own requests still get through: the sixth connection was kept for them.
  const status = await page.evaluate(async () => (await fetch('/api/models', { cache: 'no-store' })).status);
  expect(status).toBe(200);
  expect(held.most).toBe(BUDGET);

  letGo();
  await expect(run).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(run.getByTestId('run-output')).toContainText(`All ${HELPERS} helpers answered.`);
  for (let index = 0; index < HELPERS; index += 1) await expect(helpers.nth(index)).toHaveAttribute('data-status', 'completed');
  await expect(waits).toHaveCount(0);
  expect(held.most).toBe(BUDGET);
  expect(held.now).toBe(0);
  // The browser logs the 404 this test planted; only that is forgiven, any other error still fails the test.
  const planted = (error: string) => error.includes('404') && error.includes('/api/model/session');
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !planted(error)));
});
