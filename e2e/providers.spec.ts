import { expect, test } from '@playwright/test';
import { documentsOf, pitchDeckStandInAnswer } from '@/lib/model/testing/pitch-deck-stand-in-script';
import { startStandInServer, type StandInServer } from '@/lib/model/testing/stand-in-server';
import { startSecondServer, type SecondServer } from './helpers/second-server';

/**
 * The pitch-deck example with a real provider's wire format instead of the
 * demo: a loopback stand-in of the Anthropic Messages API (it plays the
 * orchestration from the tools and results in each request; the loop in the
 * browser does the work) that answers 429 with retry-after: 1 to every third
 * request. The shared e2e server runs without keys, so this spec starts its
 * own production server on PROVIDERS_E2E_PORT with ANTHROPIC_API_KEY=test and
 * ANTHROPIC_BASE_URL pointing at the stand-in. The run completes, and the tree
 * says "rate limited — retrying in 1 s, attempt 1 of 5" while it waits and how
 * often it retried afterwards.
 */
// E2E_PORT + 40 by default: each spec with its own server has its own offset (fan-out-step-stream + 10,
// compare + 15, cost + 20, long-run-tree + 25, connections + 30, layout + 35): no two specs share
// a port, should they ever run side by side.
const port = Number(process.env.PROVIDERS_E2E_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 40);
const origin = `http://127.0.0.1:${port}`;
let standIn: StandInServer;
let server: SecondServer | undefined;

test.use({ baseURL: origin });
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  standIn = await startStandInServer({
    apiKey: 'test',
    chunkDelayMs: 5,
    answer: (request, index) => ((index + 1) % 3 === 0 ? { kind: 'http-error', status: 429, retryAfter: '1' } : pitchDeckStandInAnswer(request)),
  });
  server = await startSecondServer(port, { WORKERBENCH_E2E: '1', ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: `${standIn.origin}/v1` });
});

test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

test('pitch-deck example against a rate-limiting Anthropic stand-in completes, the tree showing the retries', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    // Chromium logs every non-2xx fetch; the proxy's 429s are expected here and retried by the loop.
    if (message.type() === 'error' && !/status of 429/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/');
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await page.getByTestId('model-select').selectOption('anthropic:claude-sonnet-4-5');
  await page.getByTestId('run-button').click();

  // Request 2 asks to create the evaluator: a person approves it as with the demo.
  const question = page.locator('[data-testid="approval-item"][data-tool="worker_create"]');
  await expect(question).toBeVisible({ timeout: 30_000 });
  await expect(question.getByTestId('approval-field-file')).toHaveValue(/\nname: pitch_evaluator\n/);
  await question.getByTestId('approve-once').click();

  // Request 3 is answered 429: the worker's node says so while it waits.
  const wait = page.getByTestId('call-wait').first();
  await expect(wait).toHaveText(/^rate limited — retrying in [01] s, attempt 1 of 5$/);

  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md', { timeout: 90_000 });
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'completed');
  // The run's document (its tab, in front): one row per evaluator call, its retries in the row.
  const run = page.getByTestId('run-document');
  await expect(run).toHaveAttribute('data-status', 'completed');
  const evaluators = run.locator('[data-testid="call-node"][data-worker="pitch_evaluator"]');
  await expect(evaluators).toHaveCount(3);
  for (let index = 0; index < 3; index += 1) await expect(evaluators.nth(index)).toHaveAttribute('data-status', 'completed');
  // Afterwards the retries stay in the tree; no wait is left.
  await expect(run.getByTestId('call-wait')).toHaveCount(0);
  const retried = run.getByTestId('call-retries');
  expect(await retried.count()).toBeGreaterThan(0);
  await expect(retried.first()).toHaveText(/^retried \d+× \(rate limited 429\)$/);

  // Every third request was refused, and every deck went to the provider as a native PDF document.
  const refused = standIn.requests.filter((_, index) => (index + 1) % 3 === 0).length;
  expect(refused).toBeGreaterThanOrEqual(2);
  expect(standIn.requests.filter((request) => documentsOf(request).length > 0).length).toBeGreaterThanOrEqual(3);
  expect(errors).toEqual([]);
});
