import type { Page } from '@playwright/test';
import { formatUsd } from '@/lib/model/pricing/format-cost';
import { startChatCompletionsStandIn, type StandIn } from './helpers/chat-completions-stand-in';
import { startSecondServer, type SecondServer } from './helpers/second-server';
import { expect, newProject, replaceEditorText, test } from './helpers/workbench-test';

/**
 * Cost: a price set in Settings prices a run on the demo model, in the worker's
 * node and in the run's header, and survives a reload; a model with no price
 * (an OpenAI-compatible stand-in, on a second production server) shows "cost
 * unknown", never $0, until the person gives it a price; Compare shows both.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
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
  test.setTimeout(150_000);
  standIn = await startChatCompletionsStandIn('from the stand-in');
  server = await startSecondServer(PORT, { OPENAI_COMPATIBLE_BASE_URL: standIn.baseUrl, OPENAI_COMPATIBLE_MODELS: 'standin', WORKERBENCH_DEFAULT_MODEL: 'demo:scripted' });
});

test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

async function openPrices(page: Page) {
  await page.getByTestId('settings-button').click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('price-settings').locator('summary').click();
  return dialog;
}

async function setPrice(page: Page, model: string, input: string, output: string) {
  const row = page.locator(`[data-testid="price-row"][data-model="${model}"]`);
  await row.getByTestId('price-input').fill(input);
  await row.getByTestId('price-output').fill(output);
  await row.getByTestId('price-input').press('Enter');
  return row;
}

/** "1234 in / 56 out" → its cost at $input and $output per million tokens, as the app formats it. */
async function expectedCost(tokensText: string, inputPerMillion: number, outputPerMillion: number): Promise<string> {
  const match = /^(\d+) in(?: \(\d+ cached\))? \/ (\d+) out$/.exec(tokensText.trim());
  expect(match, tokensText).not.toBeNull();
  return formatUsd((Number(match![1]) * inputPerMillion + Number(match![2]) * outputPerMillion) / 1e6);
}

async function runAndWait(page: Page, input: string) {
  await page.getByTestId('run-input').fill(input);
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('run-entry').first()).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  // The run's document (its tab, in front): the tree's rows and the header carry the costs.
  const run = page.getByTestId('run-document');
  await expect(run).toHaveAttribute('data-status', 'completed');
  return run;
}

test('a price set in Settings costs the demo run in the node and the header; bad input is refused inline', async ({ page }) => {
  await newProject(page, 'cost-demo');
  await replaceEditorText(page, MAIN_WRITER);

  const dialog = await openPrices(page);
  const demoRow = dialog.locator('[data-testid="price-row"][data-model="demo:scripted"]');
  await expect(demoRow.getByTestId('price-status')).toHaveText('shipped price');
  await expect(demoRow.getByTestId('price-input')).toHaveValue('0');
  // Not a number, then negative: an error beside the field, and the shipped price stays.
  await setPrice(page, 'demo:scripted', 'ten', '2000');
  await expect(demoRow.getByTestId('price-error')).toHaveText('Input: "ten" is not a number: use digits and a decimal point, e.g. 0.25.');
  await expect(demoRow.getByTestId('price-input')).toHaveAttribute('aria-invalid', 'true');
  await setPrice(page, 'demo:scripted', '-1', '2000');
  await expect(demoRow.getByTestId('price-error')).toHaveText('Input: A price cannot be negative.');
  await expect(demoRow.getByTestId('price-status')).toHaveText('shipped price');
  await setPrice(page, 'demo:scripted', '1000', '2000');
  await expect(demoRow.getByTestId('price-status')).toHaveText('your price');
  await expect(demoRow.getByTestId('price-error')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const run = await runAndWait(page, 'write "priced" to notes.txt');
  const node = run.getByTestId('call-node').first();
  const expected = await expectedCost(await node.getByTestId('call-tokens').innerText(), 1000, 2000);
  expect(expected).toMatch(/^\$\d+\.\d{2,4}$/);
  expect(expected).not.toBe('$0.00');
  await expect(node.getByTestId('call-cost')).toHaveText(expected);
  // One worker call: the run's total is that call's cost, in the document and in the run list.
  await expect(run.getByTestId('run-cost')).toHaveText(expected);
  await expect(page.getByTestId('run-entry').first().getByTestId('run-cost')).toHaveText(expected);

  // The price is kept in this browser; Reset goes back to the shipped (free) price and re-prices the run.
  await page.reload();
  await expect(page.getByTestId('workbench')).toHaveAttribute('data-phase', 'ready');
  const again = await openPrices(page);
  const keptRow = again.locator('[data-testid="price-row"][data-model="demo:scripted"]');
  await expect(keptRow.getByTestId('price-input')).toHaveValue('1000');
  await expect(keptRow.getByTestId('price-status')).toHaveText('your price');
  await keptRow.getByTestId('reset-price').click();
  await expect(keptRow.getByTestId('price-status')).toHaveText('shipped price');
  await expect(keptRow.getByTestId('price-input')).toHaveValue('0');
  await expect(keptRow.getByTestId('price-input')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
});

test('a model without a price shows its cost as unknown, and is priced once given one', async ({ page }) => {
  await newProject(page, 'cost-unknown');
  await replaceEditorText(page, MAIN_WRITER);
  await page.getByTestId('model-select').selectOption(STAND_IN_MODEL);
  const run = await runAndWait(page, 'write "x" to answer.md');
  const node = run.getByTestId('call-node').first();
  await expect(node.getByTestId('call-tokens')).toHaveText('84 in / 14 out');
  await expect(node.getByTestId('call-cost')).toHaveText('cost unknown');
  await expect(run.getByTestId('run-cost')).toHaveText('cost unknown');

  const dialog = await openPrices(page);
  await expect(dialog.locator(`[data-testid="price-row"][data-model="${STAND_IN_MODEL}"]`).getByTestId('price-status')).toHaveText('unknown: no price');
  await setPrice(page, STAND_IN_MODEL, '100', '500');
  await page.keyboard.press('Escape');
  // 84 × $100/M + 14 × $500/M = $0.0084 + $0.0070
  await expect(node.getByTestId('call-cost')).toHaveText('$0.0154');
  await expect(run.getByTestId('run-cost')).toHaveText('$0.0154');
});

test('Compare shows each run’s cost: the demo a known $0.00, the unpriced stand-in unknown', async ({ page }) => {
  await newProject(page, 'cost-compare');
  await replaceEditorText(page, MAIN_WRITER);
  await page.getByTestId('run-input').fill('write "compared" to answer.md');
  await page.getByTestId('compare-button').click();
  const dialog = page.getByTestId('compare-dialog');
  await dialog.locator('input[data-model="demo:scripted"]').check();
  await dialog.locator(`input[data-model="${STAND_IN_MODEL}"]`).check();
  await dialog.getByTestId('compare-run').click();
  const demoRow = dialog.locator('[data-testid="compare-row"][data-model="demo:scripted"]');
  const standInRow = dialog.locator(`[data-testid="compare-row"][data-model="${STAND_IN_MODEL}"]`);
  await expect(demoRow).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(standInRow).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(demoRow.getByTestId('compare-cost')).toHaveText('$0.00');
  await expect(standInRow.getByTestId('compare-cost')).toHaveText('cost unknown');
});
