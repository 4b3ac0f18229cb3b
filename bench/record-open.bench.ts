/**
 * Opening a run record in the IDE, in Chromium against a production server:
 * a 1,000-call, a 10,000-call and a record at the format's limit
 * (MAX_RECORD_EVENTS, 4 events a call), each opened as a .run.json file (read
 * and checked in the record reader's worker, shown in the preview, imported,
 * its run reduced in slices and drawn in the Runs panel), then the page
 * reloaded (the kept run read and reduced again), then the run opened from its
 * entry (its document drawn). For each phase: the time it took, the longest
 * task on the page's main thread meanwhile (PerformanceObserver 'longtask':
 * tasks over 50 ms) beside the 200 ms target, and from a Chrome trace of the
 * phase that task's CPU time (support/main-thread-tasks.ts): the machine is
 * shared, and a task stretched by waiting for a core shows a small CPU time.
 * A calibration loop and the load average are printed beside each row.
 *
 * It builds nothing: start a production server first (`npm run build &&
 * npm start -- -p 3100`, or E2E_PORT), or it skips with a message. Numbers
 * only; nothing here asserts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { MAX_RECORD_EVENTS } from '@/lib/run-record/run-record-limits';
import { syntheticRecordPayload } from '@/lib/run-record/testing/synthetic-record';
import { calibrationMs, startTaskTrace, stopTaskTrace, type TaskFigures } from './support/main-thread-tasks';

const TARGET_MS = 200;
const baseUrl = process.env.WORKERBENCH_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const limitCalls = Math.floor((MAX_RECORD_EVENTS - 4) / 4);

/** Before: the longest step the page took at once (the previous bench, record-open at 8337d4f: reading the file on the page, then 5,000-event slices). */
const BEFORE: Record<string, string> = { '1k': '79 ms parse', '10k': '768 ms parse', limit: '6.4 s parse, 468 ms slices' };

async function serverIsUp(): Promise<boolean> {
  try {
    return (await fetch(baseUrl, { signal: AbortSignal.timeout(3_000) })).ok;
  } catch {
    return false;
  }
}

/** Starts collecting the page's long tasks from now on. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const durations: number[] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = durations;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) durations.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
}

async function longestTask(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, ...(window as unknown as { __longTasks: number[] }).__longTasks));
}

/** The run shown whole: its entry completed and nothing still being read. */
async function runShown(page: Page): Promise<void> {
  await page.locator('[data-testid="run-entry"][data-status="completed"]').first().waitFor({ timeout: 600_000 });
  await page.locator('[data-testid="kept-runs-progress"]').waitFor({ state: 'detached', timeout: 600_000 });
}

/** One phase's figures: how long until done, the longest task the page saw (long-task observer), the trace's view of its tasks, the load. */
interface PhaseFigures {
  seconds: number;
  observedMs: number;
  tasks: TaskFigures;
  load: string;
  calibrationMs: number;
}

/** `watchNow`: the long-task observer starts now (a reload starts its own once the IDE is up). */
interface PhaseOptions {
  browser: Browser;
  page: Page;
  run: () => Promise<void>;
  watchNow?: boolean;
}

async function phase({ browser, page, run, watchNow = true }: PhaseOptions): Promise<PhaseFigures> {
  const calibration = await calibrationMs(page);
  await startTaskTrace(browser, page);
  if (watchNow) await watchLongTasks(page);
  const start = Date.now();
  await run();
  const seconds = (Date.now() - start) / 1000;
  const observedMs = await longestTask(page);
  return { seconds, observedMs, tasks: await stopTaskTrace(browser), load: loadAverage(), calibrationMs: calibration };
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?';
}

async function measure({ browser, page, file, project }: { browser: Browser; page: Page; file: string; project: string }): Promise<Record<'open' | 'reload' | 'document', PhaseFigures>> {
  await page.goto(baseUrl);
  await page.locator('[data-testid="workbench"][data-phase="ready"]').waitFor({ timeout: 120_000 });
  await page.locator('.monaco-editor .view-lines').waitFor({ timeout: 120_000 });
  await page.waitForTimeout(1_500); // the first load's own work done
  const open = await phase({ browser, page, run: async () => {
    await page.getByTestId('run-record-input').setInputFiles(file);
    // The preview (its file list) once the record is read and checked.
    await page.getByTestId('import-files').waitFor({ timeout: 600_000 });
    await page.getByTestId('import-dialog').getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForFunction((name) => (document.querySelector('[data-testid="project-select"]') as HTMLSelectElement | null)?.value === name, project, { timeout: 600_000 });
    await runShown(page);
  } });
  // The reload's tasks are watched from the IDE's start on (the kept run is read after it); the trace sees the whole reload.
  const reload = await phase({
    browser,
    page,
    watchNow: false,
    run: async () => {
      await page.reload();
      await page.locator('[data-testid="workbench"][data-phase="ready"]').waitFor({ timeout: 120_000 });
      await watchLongTasks(page);
      await runShown(page);
    },
  });
  await page.waitForTimeout(1_500);
  // The run opened from its entry: its document (the call tree's rows, the detail) drawn.
  const runDocument = await phase({ browser, page, run: async () => {
    await page.locator('[data-testid="run-entry"]').first().getByRole('button').click();
    await page.locator('[data-testid="run-document"] [data-testid="call-tree"]').waitFor({ timeout: 600_000 });
    await page.waitForTimeout(500);
  } });
  return { open, reload, document: runDocument };
}

async function main(): Promise<void> {
  if (!(await serverIsUp())) {
    console.log(`record-open: no production server at ${baseUrl}; start one (npm run build && npm start -- -p 3100) and run again.`);
    return;
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'record-open-'));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  const rows: string[][] = [];
  try {
    for (const [label, calls] of [['1k', 1_000], ['10k', 10_000], ['limit', limitCalls]] as const) {
      const project = `record-${label}`;
      const text = JSON.stringify(syntheticRecordPayload({ calls, projectName: project }));
      const file = path.join(folder, `${project}.run.json`);
      writeFileSync(file, text);
      // A fresh profile each: no earlier project or kept run in the way.
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const result = await measure({ browser, page, file, project });
      await context.close();
      const ms = (value: number) => value.toFixed(0);
      for (const [name, figures] of Object.entries(result)) {
        rows.push([
          `${label} (${calls.toLocaleString('en')} calls, ${(text.length / 1024 / 1024).toFixed(1)} MiB)`,
          name,
          figures.seconds.toFixed(1),
          figures.observedMs === 0 ? '< 50' : ms(figures.observedMs),
          `${ms(figures.tasks.longestWallMs)} / ${ms(figures.tasks.longestWallCpuMs)}`,
          `${ms(figures.tasks.mostCpuMs)} / ${ms(figures.tasks.mostCpuWallMs)}`,
          `≤ ${TARGET_MS}`,
          ms(figures.calibrationMs),
          figures.load,
          name === 'open' ? BEFORE[label]! : '',
        ]);
      }
    }
  } finally {
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  }
  const headers = ['record', 'phase', 's', 'longest task ms', 'trace: longest wall/cpu', 'most cpu/its wall', 'target ms', 'calibration ms', 'load', 'before: longest task'];
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column <= 1 || column === cells.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log(
    '\nlongest task: the page\'s long-task observer (wall time; for a reload, from the IDE\'s start on). trace: the longest main-thread task of the phase by wall time and the CPU time its thread got,',
    '\nthen the task that used the most CPU; a task far longer than its CPU time waited for a core (the machine is shared). calibration: a fixed loop timed in the page before the phase (load shows in it). load: 1-minute load average.',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
