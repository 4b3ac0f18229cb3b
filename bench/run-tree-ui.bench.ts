/**
 * A run tree of 1,000 tool calls streaming into the IDE (production build,
 * Chromium): the longest main-thread tasks while it streams, and the input
 * latency of the editor typed in meanwhile (Event Timing: from the key to the
 * next paint). Targets (issue #16): no task over 50 ms, editor input under 50 ms.
 * It starts its own mock provider (OpenAI-compatible, bench/support/mock-upstream)
 * and its own production server (`npm start`) on port 3110 against it; build first (`npm run build`).
 * Numbers only; nothing here asserts. To see what a long task is made of:
 * BENCH_VERBOSE=1 lists them, BENCH_PROFILE=file a CPU profile, BENCH_TRACE=file
 * a Chrome trace (script, microtasks, style, layout, paint, GC per task); a build
 * with WORKERBENCH_SOURCE_MAPS=1 (next.config.mjs) lets a profile name our functions.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { startSecondServer } from '../e2e/helpers/second-server';
import { openNewProject, replaceOpenFile } from './support/ide-page';
import { startMockUpstream, type ChatCompletionRequest, type MockReply } from './support/mock-upstream';

const PORT = 3110;
const STEPS = 10;
const CALLS_PER_STEP = 100; // 10 × 100 = 1,000 tool calls, within a new project's 20 steps
const ROUNDS = 3;
const TASK_TARGET_MS = 50;
const INPUT_TARGET_MS = 50;
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flow style: Monaco keeps a line's indentation on the next one, which would indent the closing `---`.
const WORKER = ['---', 'name: main', 'description: Lists the project many times.', 'allow_empty_input: true', 'toolsets: { filesystem: {} }', '---', 'You are streamer.', ''].join('\n');

function reply(request: ChatCompletionRequest): MockReply {
  const answered = request.messages.filter((message) => message.role === 'assistant').length;
  if (answered >= STEPS) return { text: 'Listed everything.' };
  return { toolCalls: Array.from({ length: CALLS_PER_STEP }, () => ({ name: 'list_files', arguments: { path: '.' } })) };
}

function percentile(samples: number[], fraction: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

async function prepareProject(page: Page, baseUrl: string): Promise<void> {
  await openNewProject(page, baseUrl, 'run-tree-bench');
  await replaceOpenFile(page, WORKER);
  await page.getByTestId('model-select').selectOption('openai-compatible:mock');
  await page.getByTestId('run-input').fill('List the project.');
}

/** Observers for long tasks and key events, installed before the run starts. */
async function observe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const store = { tasks: [] as number[], taskStarts: [] as number[], keys: [] as number[], keyStarts: [] as number[], frames: [] as string[], observedFrom: performance.now() };
    (window as unknown as { __bench: typeof store }).__bench = store;
    // Long animation frames name the scripts they ran (where a long task does not): for BENCH_VERBOSE.
    type FrameScript = { invoker: string; sourceURL: string; sourceFunctionName: string; sourceCharPosition: number; duration: number };
    new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => {
        const frame = entry as PerformanceEntry & { blockingDuration: number; styleAndLayoutStart: number; scripts: FrameScript[] };
        if (frame.duration <= 50) return;
        const scripts = frame.scripts
          .filter((script) => script.duration >= 5)
          .map((script) => `${script.invoker} ${script.sourceURL.replace(/.*\//, '')}:${script.sourceCharPosition} ${script.sourceFunctionName || ''} ${script.duration.toFixed(0)} ms`);
        const layout = frame.styleAndLayoutStart > 0 ? frame.startTime + frame.duration - frame.styleAndLayoutStart : 0;
        store.frames.push(`${(frame.startTime - store.observedFrom).toFixed(0)}: ${frame.duration.toFixed(0)} ms (blocking ${frame.blockingDuration.toFixed(0)}, style and layout ${layout.toFixed(0)}): ${scripts.join('; ')}`);
      }),
    ).observe({ type: 'long-animation-frame', buffered: false });
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => {
        store.tasks.push(entry.duration);
        store.taskStarts.push(entry.startTime - store.observedFrom);
      })).observe({ type: 'longtask', buffered: false });
    new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => {
        if (entry.name !== 'keydown') return;
        store.keys.push(entry.duration);
        store.keyStarts.push(entry.startTime - store.observedFrom);
      }),
    ).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
}

async function main(): Promise<void> {
  if (!existsSync(path.join(repositoryRoot, '.next', 'BUILD_ID'))) {
    console.log('run-tree-ui: skipped — no production build (run `npm run build` first).');
    return;
  }
  if (!existsSync(chromiumPath)) {
    console.log(`run-tree-ui: skipped — no Chromium at ${chromiumPath} (set CHROMIUM_PATH).`);
    return;
  }
  const upstream = await startMockUpstream({ latencyMs: 5, reply });
  const server = await startSecondServer(PORT, { OPENAI_COMPATIBLE_BASE_URL: upstream.baseUrl, OPENAI_COMPATIBLE_MODELS: 'mock', WORKERBENCH_E2E: '1' });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await (await browser.newContext()).newPage();
    await prepareProject(page, server.baseUrl);
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('ControlOrMeta+End');
    await observe(page);
    // BENCH_PROFILE=file.cpuprofile keeps a CPU profile of the page while it streams (open it in Chrome's DevTools).
    const profiler = process.env.BENCH_PROFILE === undefined ? null : await page.context().newCDPSession(page);
    if (profiler !== null) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
    }
    // BENCH_TRACE=file.json keeps a Chrome trace (DevTools' Performance panel) of the page while it streams.
    if (process.env.BENCH_TRACE !== undefined) await browser.startTracing(page, { path: process.env.BENCH_TRACE, screenshots: false });
    // A few runs, one after the other, so the key latencies are a sample of a few dozen.
    const walls: number[] = [];
    let typed = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      await page.getByTestId('run-button').click();
      await page.getByTestId('run-entry').nth(round).waitFor({ timeout: 30_000 });
      const run = page.getByTestId('run-entry').first();
      // The run opened as a tab in front of the editor: back to the file, as a person who keeps working does
      // (the run streams into its row in the Run panel and its document, kept open behind the file).
      await page.getByTestId('editor-tab').click();
      // Type in the editor while the run streams in, as a person keeps working.
      while ((await run.getAttribute('data-status')) !== 'completed') {
        if (performance.now() - started > 600_000) throw new Error('the run did not complete within 10 minutes');
        const status = await run.getAttribute('data-status');
        if (status === 'failed' || status === 'aborted') throw new Error(`the run ${status}: ${await run.innerText()}`);
        // Refocus the editor: the run panel may have taken focus.
        await page.locator('.monaco-editor textarea').focus();
        // Three keys a turn, 40 ms apart.
        await page.keyboard.type('xxx', { delay: 40 });
        typed += 3;
        await page.waitForTimeout(50);
      }
      walls.push(performance.now() - started);
    }
    const run = page.getByTestId('run-entry').first();
    if (process.env.BENCH_TRACE !== undefined) await browser.stopTracing();
    if (profiler !== null) {
      const { profile } = await profiler.send('Profiler.stop');
      writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
    }
    // Long lists are windowed: the run's tree says how many rows it has, the page holds the rows near the view.
    await run.getByRole('button').click();
    const tree = page.getByTestId('call-tree');
    await tree.locator('[data-testid="tool-call"]').first().waitFor({ timeout: 30_000 });
    const toolCalls = await tree.getAttribute('data-count').catch(() => null);
    const rowsInPage = await tree.locator('[data-testid="tool-call"]').count().catch(() => -1);
    const { tasks, taskStarts, keys, keyStarts, frames } = await page.evaluate(
      () => (window as unknown as { __bench: { tasks: number[]; taskStarts: number[]; keys: number[]; keyStarts: number[]; frames: string[] } }).__bench,
    );
    const longest = Math.max(0, ...tasks);
    const over = tasks.filter((duration) => duration > TASK_TARGET_MS).length;
    console.log(`${ROUNDS} runs of ${STEPS * CALLS_PER_STEP} tool calls (${STEPS} steps × ${CALLS_PER_STEP}), mock upstream 5 ms: ${walls.map((wall) => (wall / 1000).toFixed(1)).join(', ')} s; in the last, rows in its tree: ${toolCalls ?? '?'}, tool-call rows in the page: ${rowsInPage}`);
    console.log(`main-thread tasks over ${TASK_TARGET_MS} ms while they streamed: ${over} (longest ${longest.toFixed(0)} ms)   target: none   ${over === 0 ? 'MET' : 'NOT MET'}`);
    if (process.env.BENCH_VERBOSE !== undefined) console.log(`  long tasks (start ms after observing: duration): ${tasks.map((duration, index) => `${taskStarts[index]!.toFixed(0)}: ${duration.toFixed(0)}`).join(', ')}`);
    if (process.env.BENCH_VERBOSE !== undefined) console.log(`  animation frames over 50 ms, with their scripts of 5 ms or more:\n${frames.map((frame) => `    ${frame}`).join('\n')}`);
    if (process.env.BENCH_VERBOSE !== undefined) console.log(`  keys over 16 ms (start ms after observing: duration): ${keys.map((duration, index) => `${keyStarts[index]!.toFixed(0)}: ${duration.toFixed(0)}`).join(', ')}`);
    // Key events faster than 16 ms are not reported by Event Timing: they count as 16 here.
    const latencies = [...keys, ...Array.from({ length: Math.max(0, typed - keys.length) }, () => 16)];
    const p95 = percentile(latencies, 0.95);
    console.log(
      `editor key → paint while they streamed (${typed} keys): p95 ${p95.toFixed(0)} ms, worst ${Math.max(0, ...keys).toFixed(0)} ms   target < ${INPUT_TARGET_MS} ms   ${p95 < INPUT_TARGET_MS ? 'MET' : 'NOT MET'} (p95)`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await upstream.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
