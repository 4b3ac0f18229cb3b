import { spawn, type ChildProcess } from 'node:child_process';
import { test, expect } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { newProject } from './helpers/workbench-test';

/**
 * A server started with WORKERBENCH_ACCESS_TOKEN (its own production server of the
 * same build, on its own port): the IDE asks for the token once, keeps it,
 * and runs work through the proxy with it; a reload does not ask again.
 * (The shared fixture is not used: the first 401 is logged by the browser.)
 */
const PORT = Number(process.env.E2E_TOKEN_PORT ?? 3111);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const TOKEN = 'e2e access token 7f3a';

let server: ChildProcess | undefined;

test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn(process.execPath, ['bin/workerbench-server.cjs', '-p', String(PORT), '-H', '127.0.0.1'], {
    env: { ...process.env, WORKERBENCH_ACCESS_TOKEN: TOKEN, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', GOOGLE_GENERATIVE_AI_API_KEY: '' },
    detached: true,
    stdio: 'ignore',
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const status = await fetch(`${ORIGIN}/api/models`).then((response) => response.status, () => 0);
    if (status === 401) break;
    if (Date.now() > deadline) throw new Error(`the token server on ${PORT} did not start (last status ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(() => {
  if (server?.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
});

test('the IDE asks for the access token once, then lists models and runs a worker with it', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const authorizations: (string | null)[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/model')) authorizations.push(request.headers().authorization ?? null);
  });

  await page.goto('/');
  const dialog = page.getByTestId('prompt-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This server needs an access token');
  const input = dialog.locator('input');
  await expect(input).toHaveAttribute('type', 'password');
  await input.fill(TOKEN);
  await input.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('model-select')).toHaveValue('demo:scripted');

  // A reload reads the saved token: no second question.
  await newProject(page, 'tokened');
  await expect(page.getByTestId('prompt-dialog')).toBeHidden();
  await page.getByTestId('run-input').fill('hello through the guarded proxy');
  await page.getByTestId('run-button').click();
  const run = page.getByTestId('run-document');
  await expect(run).toHaveAttribute('data-status', 'completed');
  await expect(run.getByTestId('run-output')).toContainText('[demo]');

  expect(authorizations[0]).toBeNull();
  expect(authorizations.slice(1).every((header) => header === `Bearer ${TOKEN}`)).toBe(true);
  expect(authorizations.length).toBeGreaterThan(2);
  expect(pageErrors).toEqual([]);
});

test('a foreign origin is refused by the running server', async () => {
  const response = await fetch(`${ORIGIN}/api/model`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://evil.example', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ model: 'demo:scripted', messages: [{ role: 'user', content: 'hi' }] }),
  });
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ error: { code: 'forbidden' } });
  // A DNS-rebinding page reaches the server under its own name: refused before the token is even checked.
  const reboundStatus = await new Promise<number>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: PORT, path: '/api/models', headers: { host: `rebind.evil.example:${PORT}`, authorization: `Bearer ${TOKEN}` } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
  expect(reboundStatus).toBe(403);
});
