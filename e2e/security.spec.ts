import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Provider keys live on the server only. The build that is tested may have run
 * with OPENAI_API_KEY set to a canary value: neither that value nor the names
 * of the key variables may appear in anything shipped to the browser, nor in
 * what the model list route answers.
 */
const CANARY_KEY = 'sk-workerbench-canary-0000';
const FORBIDDEN = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', CANARY_KEY];
const DIST_DIR = process.env.NEXT_DIST_DIR || '.next';

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? listFiles(join(folder, entry.name)) : Promise.resolve([join(folder, entry.name)]))),
  );
  return nested.flat();
}

test('no key name or key value is in the client bundle', async () => {
  const files = await listFiles(join(DIST_DIR, 'static'));
  expect(files.some((file) => file.endsWith('.js')), `${DIST_DIR}/static holds the client scripts`).toBe(true);
  const leaks: string[] = [];
  for (const file of files) {
    const text = (await readFile(file)).toString('latin1');
    for (const secret of FORBIDDEN) if (text.includes(secret)) leaks.push(`${file}: ${secret}`);
  }
  expect(leaks).toEqual([]);
});

test('the model list names models, never a key', async ({ request }) => {
  const response = await request.get('/api/models');
  expect(response.ok()).toBe(true);
  const text = await response.text();
  for (const secret of FORBIDDEN) expect(text).not.toContain(secret);
  const body = JSON.parse(text) as { models: Array<{ id: string; scripted: boolean }> };
  expect(body.models.some((model) => model.id === 'demo:scripted' && model.scripted)).toBe(true);
});

test('the page itself carries no key', async ({ page }) => {
  const response = await page.goto('/');
  const html = (await response?.text()) ?? '';
  for (const secret of FORBIDDEN) expect(html).not.toContain(secret);
});
