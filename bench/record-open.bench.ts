/**
 * Opening a run record in the IDE, in Chromium against a production server:
 * a 1,000-call, a 10,000-call and a record at the format's limit
 * (MAX_RECORD_EVENTS, 4 events a call), each opened as a .run.json file (read
 * and checked in the record reader's worker, shown in the preview, imported,
 * its run reduced in slices and drawn in the Runs panel), then the page
 * reloaded (the kept run read and reduced again). For each: the time until the
 * run shows, and the longest task on the page's main thread meanwhile
 * (PerformanceObserver 'longtask': tasks over 50 ms), beside the 200 ms target
 * and the figures before the reader moved off the page.
 *
 * It builds nothing: start a production server first (`npm run build &&
 * npx next start -p 3100`, or E2E_PORT), or it skips with a message. Numbers
 * only; nothing here asserts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { MAX_RECORD_EVENTS } from '@/lib/run-record/run-record-limits';
import { syntheticRecordPayload } from '@/lib/run-record/testing/synthetic-record';

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

async function measure(page: Page, file: string, project: string): Promise<{ openMs: number; openTask: number; reloadMs: number; reloadTask: number }> {
  await page.goto(baseUrl);
  await page.locator('[data-testid="workbench"][data-phase="ready"]').waitFor({ timeout: 120_000 });
  await page.locator('.monaco-editor .view-lines').waitFor({ timeout: 120_000 });
  await page.waitForTimeout(1_500); // the first load's own work done
  await watchLongTasks(page);
  const openStart = Date.now();
  await page.getByTestId('run-record-input').setInputFiles(file);
  // The preview (its file list) once the record is read and checked.
  await page.getByTestId('import-files').waitFor({ timeout: 600_000 });
  await page.getByTestId('import-dialog').getByRole('button', { name: 'Import', exact: true }).click();
  await page.waitForFunction((name) => (document.querySelector('[data-testid="project-select"]') as HTMLSelectElement | null)?.value === name, project, { timeout: 600_000 });
  await runShown(page);
  const openMs = Date.now() - openStart;
  const openTask = await longestTask(page);

  const reloadStart = Date.now();
  await page.reload();
  await page.locator('[data-testid="workbench"][data-phase="ready"]').waitFor({ timeout: 120_000 });
  // Watched from the IDE's start on: the kept run is read after it.
  await watchLongTasks(page);
  await runShown(page);
  const reloadMs = Date.now() - reloadStart;
  return { openMs, openTask, reloadMs, reloadTask: await longestTask(page) };
}

async function main(): Promise<void> {
  if (!(await serverIsUp())) {
    console.log(`record-open: no production server at ${baseUrl}; start one (npm run build && npx next start -p 3100) and run again.`);
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
      const result = await measure(page, file, project);
      await context.close();
      const task = (ms: number) => (ms === 0 ? '< 50' : ms.toFixed(0));
      rows.push([
        `${label} (${calls.toLocaleString('en')} calls)`,
        (calls * 4 + 4).toLocaleString('en'),
        `${(text.length / 1024 / 1024).toFixed(1)} MiB`,
        (result.openMs / 1000).toFixed(1),
        task(result.openTask),
        (result.reloadMs / 1000).toFixed(1),
        task(result.reloadTask),
        `≤ ${TARGET_MS}`,
        BEFORE[label]!,
      ]);
    }
  } finally {
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  }
  const headers = ['record', 'events', 'file', 'open s', 'longest task ms', 'reload s', 'longest task ms', 'target ms', 'before: longest task'];
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
