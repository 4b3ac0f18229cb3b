import { expect, test, type Page } from '@playwright/test';
import { openNewProject, replaceOpenFile } from '../bench/support/ide-page';
import { startMockUpstream, type ChatCompletionRequest, type MockReply, type MockUpstream } from '../bench/support/mock-upstream';
import { startSecondServer, type SecondServer } from './helpers/second-server';
import { expandAllCalls, readEachRow, runDocument, textOf } from './helpers/run-document';

/**
 * Fan-out over HTTP/1.1 with the step stream (issue #34): the eight
 * children's steps, sent together, go as one POST (`/api/model/steps`) and
 * one stream carries their answers; a step sent alone has its own request.
 * A second server of
 * the same build talks to an OpenAI-compatible stand-in that answers each
 * helper with its own input, and holds the helpers' answers back when a test
 * asks it to (so steps are in flight when it cancels them). No timings.
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 10;
let upstream: MockUpstream;
let server: SecondServer;
let holding = false;
let releaseHeld: () => void = () => undefined;
let held: Promise<void> = Promise.resolve();

function reply(request: ChatCompletionRequest): MockReply {
  const system = String(request.messages.find((message) => message.role === 'system')?.content ?? '');
  const asked = /^You are \w+\. Call helper (\d+) times\./.exec(system);
  if (asked !== null && !request.messages.some((message) => message.role === 'tool')) {
    return { toolCalls: Array.from({ length: Number(asked[1]) }, (_, index) => ({ name: 'helper', arguments: { input: `part ${index + 1}` } })) };
  }
  if (asked !== null) return { text: 'All parts done.' };
  const input = JSON.stringify(request.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '');
  return { text: `helper answered ${/part \d+/.exec(input)?.[0] ?? 'nothing'}` };
}

test.beforeAll(async () => {
  upstream = await startMockUpstream({
    latencyMs: 0,
    reply,
    hold: (request) => (holding && String(request.messages[0]?.content ?? '').startsWith('You are helper') ? held : undefined),
  });
  server = await startSecondServer(port, { WORKERBENCH_E2E: '1', OPENAI_COMPATIBLE_BASE_URL: upstream.baseUrl, OPENAI_COMPATIBLE_MODELS: 'mock' });
});

test.afterAll(async () => {
  releaseHeld();
  await server?.stop();
  await upstream?.close();
});

test.beforeEach(() => {
  holding = false;
  held = new Promise((resolve) => (releaseHeld = resolve));
});

const fanOutWorker = ['---', 'name: eight', 'description: Calls the helper 8 times at once.', 'allow_empty_input: true', 'toolsets: { workers: { allowed_workers: [helper] } }', '---', 'You are eight. Call helper 8 times.', ''].join('\n');
const helperWorker = ['---', 'name: helper', 'description: Answers when asked.', '---', 'You are helper.', ''].join('\n');
const manifest = JSON.stringify({ name: 'fan-out-e2e', entry: 'eight', default_model: 'openai-compatible:mock', runtime: { max_concurrency: 8 } }, null, 2);

async function writeFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByRole('button', { name: 'New file' }).click();
  const prompt = page.getByTestId('prompt-dialog').getByRole('textbox');
  await prompt.fill(name);
  await prompt.press('Enter');
  await expect(page.locator('[data-testid="editor-tab"]', { hasText: name })).toBeVisible({ timeout: 30_000 });
  await replaceOpenFile(page, text);
}

/** A project whose entry worker calls the helper eight times at once, with max_concurrency 8. */
async function fanOutProject(page: Page): Promise<void> {
  await openNewProject(page, server.baseUrl, 'fan-out-e2e');
  await writeFile(page, 'eight.worker', fanOutWorker);
  await writeFile(page, 'helper.worker', helperWorker);
  await page.getByTestId('upload-input').setInputFiles({ name: 'project.json', mimeType: 'application/json', buffer: Buffer.from(manifest) });
  await page.getByTestId('choice-dialog').getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByTestId('choice-dialog')).toHaveCount(0);
  await page.getByTestId('model-select').selectOption('openai-compatible:mock');
  await page.getByTestId('worker-select').selectOption('eight');
}

/** The page's requests to the model routes: whether each step's own request named the step stream, and each batch's number of steps. */
function watchModelRequests(page: Page): { streamsOpened: number; steps: { onStream: boolean }[]; batches: number[] } {
  const seen = { streamsOpened: 0, steps: [] as { onStream: boolean }[], batches: [] as number[] };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/model/session' && request.method() === 'GET') seen.streamsOpened += 1;
    if (path === '/api/model') seen.steps.push({ onStream: request.headers()['x-workerbench-session'] !== undefined });
    if (path === '/api/model/steps') seen.batches.push((request.postData() ?? '').split('\n').filter((line) => line.length > 0).length);
  });
  return seen;
}

async function untilHolding(count: number): Promise<void> {
  await expect.poll(() => upstream.counts.holding, { timeout: 30_000 }).toBe(count);
}

test('eight children over HTTP/1.1 complete with their own answers: their steps go as one POST, their answers on one step stream', async ({ page }) => {
  test.setTimeout(180_000);
  const seen = watchModelRequests(page);
  await fanOutProject(page);
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe('http/1.1');
  // The helpers' answers are held until all eight are in flight, so how they were sent does not depend on timing.
  holding = true;
  await page.getByTestId('run-button').click();
  await untilHolding(8);
  releaseHeld();
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  // The run's document: every row opened, then each helper call's words read from the detail pane.
  const document = runDocument(page);
  await expandAllCalls(document);
  const helpers = document.locator('[data-testid="call-node"][data-worker="helper"]');
  await expect(helpers).toHaveCount(8);
  const texts = await readEachRow(page, helpers, (detail) => textOf(detail, 'call-text'));
  expect(texts.map((text) => /helper answered part \d+/.exec(text)?.[0] ?? text).sort()).toEqual(Array.from({ length: 8 }, (_, index) => `helper answered part ${index + 1}`).sort());
  // 1 step of the entry worker, 8 helpers, 1 more of the entry worker. Sent alone, the entry worker's steps go on
  // their own requests; the eight helpers' steps, sent together, go as one POST and ride the stream, opened once.
  expect(seen.steps).toEqual([{ onStream: false }, { onStream: false }]);
  expect(seen.batches).toEqual([8]);
  expect(seen.streamsOpened).toBe(1);
});

test('Stop cancels every child step in flight on the stream, sent in one POST, upstream calls included', async ({ page }) => {
  test.setTimeout(180_000);
  await fanOutProject(page);
  holding = true;
  const closedBefore = upstream.counts.closedBeforeAnswer;
  await page.getByTestId('run-button').click();
  await untilHolding(8);
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'aborted', { timeout: 30_000 });
  // The server stopped all eight provider calls: their connections closed before any answer.
  await expect.poll(() => upstream.counts.closedBeforeAnswer - closedBefore, { timeout: 30_000 }).toBe(8);
  expect(upstream.counts.holding).toBe(8);
  releaseHeld();
  await expect.poll(() => upstream.counts.holding, { timeout: 30_000 }).toBe(0);
});

test("cancelling one step on the stream cancels that step only: the others get their answers", async ({ page }) => {
  test.setTimeout(120_000);
  // The IDE's page, so its fetches run under its own policy (connect-src 'self').
  await page.goto(server.baseUrl);
  await page.locator('[data-testid="workbench"][data-phase="ready"]').waitFor({ timeout: 60_000 });
  holding = true;
  const closedBefore = upstream.counts.closedBeforeAnswer;
  // The page's own fetch speaks the stream's protocol (lib/model/protocol/step-frames.ts) by hand: three steps, one cancelled.
  const outcome = page.evaluate(async () => {
    const stream = await fetch('/api/model/session');
    const reader = stream.body!.getReader();
    const frames: { kind: string; step: number; text: string }[] = [];
    let buffer = new Uint8Array(0);
    const waiters: Array<() => void> = [];
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const joined = new Uint8Array(buffer.length + value.length);
        joined.set(buffer);
        joined.set(value, buffer.length);
        buffer = joined;
        for (;;) {
          const newline = buffer.indexOf(10);
          if (newline < 0) break;
          const [kind, step, length] = new TextDecoder().decode(buffer.subarray(0, newline)).split(' ');
          if (buffer.length < newline + 1 + Number(length)) break;
          frames.push({ kind: kind!, step: Number(step), text: new TextDecoder().decode(buffer.subarray(newline + 1, newline + 1 + Number(length))) });
          buffer = buffer.slice(newline + 1 + Number(length));
        }
        for (const wake of waiters.splice(0)) wake();
      }
    })();
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise<void>((resolve) => waiters.push(resolve));
    };
    await until(() => frames.some((frame) => frame.kind === 'o'));
    const session = frames.find((frame) => frame.kind === 'o')!.text;
    const body = (part: number) =>
      JSON.stringify({ model: 'openai-compatible:mock', system: 'You are helper.', messages: [{ role: 'user', content: `part ${part}` }], tools: [] });
    const posts = await Promise.all(
      [1, 2, 3].map((step) =>
        fetch('/api/model', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Workerbench-Session': session, 'X-Workerbench-Step': String(step) }, body: body(step) }),
      ),
    );
    (window as unknown as { __cancel: () => Promise<number> }).__cancel = async () =>
      (await fetch('/api/model/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ session, cancel: [2] }) })).status;
    (window as unknown as { __finished: Promise<unknown> }).__finished = until(() => [1, 3].every((step) => frames.some((frame) => frame.kind === 'e' && frame.step === step))).then(() => {
      void reader.cancel();
      return {
        answers: [1, 2, 3].map((step) => frames.filter((frame) => frame.kind === 'd' && frame.step === step).map((frame) => frame.text).join('')),
        heads: frames.filter((frame) => frame.kind === 'h').map((frame) => [frame.step, JSON.parse(frame.text).status as number]),
      };
    });
    return posts.map((post) => post.status);
  });
  expect(await outcome).toEqual([202, 202, 202]);
  await untilHolding(3);
  expect(await page.evaluate(() => (window as unknown as { __cancel: () => Promise<number> }).__cancel())).toBe(204);
  await expect.poll(() => upstream.counts.closedBeforeAnswer - closedBefore, { timeout: 30_000 }).toBe(1);
  releaseHeld();
  const finished = (await page.evaluate(() => (window as unknown as { __finished: Promise<unknown> }).__finished)) as { answers: string[]; heads: [number, number][] };
  expect(finished.answers[0]).toContain('helper answered part 1');
  expect(finished.answers[2]).toContain('helper answered part 3');
  expect(finished.answers[1]).toBe('');
  expect(finished.heads.map(([step]) => step).sort()).toEqual([1, 3]);
  expect(finished.heads.every(([, status]) => status === 200)).toBe(true);
});
