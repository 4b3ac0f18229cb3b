import { defineConfig } from '@playwright/test';

// e2e tests drive the production build (`npm run build` first) in Debian's Chromium:
// Playwright's own browser download cannot work on our machines.
const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its actions, network and console, and a screenshot of its end; no
    // screenshot or DOM snapshot of every action, which made each test about a third slower.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The production server as `npm start` runs it: Next for the pages, the API answered before Next's router.
    command: `node bin/workerbench-server.cjs -p ${port} -H 127.0.0.1`,
    url: `http://127.0.0.1:${port}/api/models`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    // The e2e server runs without provider keys: only the demo model is offered.
    env: { WORKERBENCH_E2E: '1', OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', GOOGLE_GENERATIVE_AI_API_KEY: '' },
  },
});
