import type { Browser, Page } from 'playwright-core';

/**
 * The page's main-thread tasks, from a Chrome trace: each task's wall time and
 * the CPU time its thread actually got (the trace's thread duration). On a
 * shared, loaded machine a task's wall time is stretched by the time its
 * thread waited for a core (and a garbage collection's helper threads waited
 * too); the CPU time is what the page's own work cost. A long task whose CPU
 * time is small was long because the machine was busy, not because of the page.
 */
export interface TaskFigures {
  /** The longest task by wall time, and the CPU time it got. */
  longestWallMs: number;
  longestWallCpuMs: number;
  /** The task that used the most CPU time, and its wall time. */
  mostCpuMs: number;
  mostCpuWallMs: number;
}

/** Only the task events: a light trace. */
const CATEGORIES = ['disabled-by-default-devtools.timeline', '__metadata'];

export async function startTaskTrace(browser: Browser, page: Page): Promise<void> {
  await browser.startTracing(page, { categories: CATEGORIES });
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export async function stopTaskTrace(browser: Browser): Promise<TaskFigures> {
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThreads = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`));
  // The page's renderer is the main thread that ran the most tasks (an extension or a spare renderer runs few).
  const tasksByThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name !== 'RunTask' || event.ph !== 'X' || !mainThreads.has(thread)) continue;
    const tasks = tasksByThread.get(thread) ?? [];
    tasks.push(event);
    tasksByThread.set(thread, tasks);
  }
  const tasks = [...tasksByThread.values()].sort((left, right) => right.length - left.length)[0] ?? [];
  const wall = (task: TraceEvent | undefined) => (task?.dur ?? 0) / 1000;
  const cpu = (task: TraceEvent | undefined) => (task?.tdur ?? 0) / 1000;
  const byWall = tasks.reduce<TraceEvent | undefined>((best, task) => (best === undefined || wall(task) > wall(best) ? task : best), undefined);
  const byCpu = tasks.reduce<TraceEvent | undefined>((best, task) => (best === undefined || cpu(task) > cpu(best) ? task : best), undefined);
  return { longestWallMs: wall(byWall), longestWallCpuMs: cpu(byWall), mostCpuMs: cpu(byCpu), mostCpuWallMs: wall(byCpu) };
}

/**
 * A fixed loop timed in the page: the same work every time, so its figure
 * moves only with how much of a core the page gets. Compared across rows and
 * runs, it says how loaded the machine was when the row was measured.
 */
export async function calibrationMs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const start = performance.now();
    let sum = 0;
    for (let index = 0; index < 20_000_000; index += 1) sum = (sum + index * 7) % 1_000_003;
    (globalThis as { calibrationSink?: number }).calibrationSink = sum;
    return performance.now() - start;
  });
}
