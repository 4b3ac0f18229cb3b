import type { Page, Request } from '@playwright/test';
import { runDocument } from './helpers/run-document';
import { expect, openWorkbench, test } from './helpers/workbench-test';

/**
 * A call's later steps send only their new messages (issue #34): the server
 * keeps each step's conversation, and the page names the one a step continues.
 * The flagship example runs through the real routes with the demo model, and
 * the demo model answers from the whole conversation the server put together,
 * so a wrong join shows as a run that does not complete as it always has.
 */

interface StepBody {
  system?: string;
  messages: unknown[];
  conversation?: { id: string; after?: string };
}

/** Every step body the page posted whose text Chromium exposes (a Blob's may be withheld), a batch's lines each. */
function recordStepBodies(page: Page): StepBody[] {
  const bodies: StepBody[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST') return;
    const path = new URL(request.url()).pathname;
    const text = request.postData();
    if (text === null) return;
    if (path === '/api/model') bodies.push(JSON.parse(text) as StepBody);
    if (path === '/api/model/steps') for (const line of text.split('\n').filter((entry) => entry.length > 0)) bodies.push((JSON.parse(line) as { request: StepBody }).request);
  });
  return bodies;
}

const isOrchestrator = (body: StepBody) => !(body.system ?? '').startsWith('You evaluate one startup pitch deck');

async function runExampleToItsSummary(page: Page): Promise<void> {
  await expect(page.getByTestId('project-select')).toHaveValue('pitch-deck-example');
  await page.getByTestId('run-button').click();
  const creation = page.locator('[data-testid="approval-item"][data-tool="worker_create"]');
  await expect(creation).toBeVisible();
  await creation.getByTestId('approve-once').click();
  await expect(page.getByTestId('editor-tab')).toHaveText('evaluations/summary.md', { timeout: 60_000 });
  await expect(runDocument(page)).toHaveAttribute('data-status', 'completed');
  await expect(runDocument(page).locator('[data-testid="call-node"][data-worker="pitch_evaluator"][data-status="completed"]')).toHaveCount(3);
}

test("the example's calls send each later step as its new messages after the step before, and the run completes", async ({ page }) => {
  const bodies = recordStepBodies(page);
  await openWorkbench(page);
  await runExampleToItsSummary(page);

  const orchestrator = bodies.filter(isOrchestrator);
  expect(orchestrator.length).toBeGreaterThan(3);
  // Its first step sends the task whole; each later one continues the one before with what came after
  // it: the model's answer and the tools' results, whatever the conversation's length by then.
  expect(orchestrator[0]!.conversation?.after).toBeUndefined();
  for (let index = 1; index < orchestrator.length; index += 1) {
    expect(orchestrator[index]!.conversation?.after).toBe(orchestrator[index - 1]!.conversation?.id);
    expect(orchestrator[index]!.messages.map((message) => (message as { role: string }).role)).toEqual(['assistant', 'tool']);
  }
  // Each evaluator's call answers in one step: a call's first step, sent whole, kept for a next one.
  const evaluators = bodies.filter((body) => !isOrchestrator(body));
  expect(evaluators.map((body) => [body.messages.length, body.conversation?.after])).toEqual([
    [1, undefined],
    [1, undefined],
    [1, undefined],
  ]);
  expect(new Set(evaluators.map((body) => body.conversation?.id)).size).toBe(3);
});

test('a step whose conversation the server has not kept is sent again whole, and the call goes on whole to completion', async ({ page, consoleErrors }) => {
  const bodies = recordStepBodies(page);
  await openWorkbench(page);
  // The first continuing step names a conversation the server never kept: the real route answers 409.
  let forged: string | undefined;
  await page.route('**/api/model', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as StepBody;
    if (forged !== undefined || body.conversation?.after === undefined) return route.continue();
    forged = body.conversation.id;
    await route.continue({ postData: JSON.stringify({ ...body, conversation: { id: body.conversation.id, after: 'never-kept-by-this-server.1' } }) });
  });
  await runExampleToItsSummary(page);

  const index = bodies.findIndex((body) => body.conversation?.id === forged);
  expect(index).toBeGreaterThan(0);
  const [refused, whole, ...later] = bodies.slice(index).filter((body) => body.system === bodies[index]!.system);
  expect(refused!.conversation?.after).toBeDefined();
  // Sent again with the whole conversation, and nothing for the server to keep.
  expect(whole!.conversation).toBeUndefined();
  expect(whole!.messages.length).toBeGreaterThan(refused!.messages.length);
  for (const body of later) expect(body.conversation).toBeUndefined();
  // Chromium logs the 409 as a failed resource load: that one is expected.
  const refusal = (error: string) => error.includes('409');
  expect(consoleErrors.filter(refusal)).toHaveLength(1);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !refusal(error)));
});
