import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';

/**
 * Where runs are kept across reloads: one summary per run, its events and its
 * model steps, in IndexedDB (three object stores, keyed by run id and order of
 * arrival). Events are stored as they are, whatever their type, so new event
 * types need no change here. The IDBFactory comes in from outside, so tests run
 * on fake-indexeddb.
 */
export interface ArchivedRunSummary {
  runId: string;
  project: string;
  startedAt: number;
  /** Approximate stored size (JSON characters), for the storage budget. */
  bytes: number;
}

export interface RunArchiveBudget {
  /** Runs kept per project; the oldest go first. */
  maxRunsPerProject: number;
  /** Approximate bytes kept across every project; the oldest runs go first. */
  maxTotalBytes: number;
}

/** Stated in the README: 50 runs per project, 50 MB in all. */
export const DEFAULT_RUN_ARCHIVE_BUDGET: RunArchiveBudget = { maxRunsPerProject: 50, maxTotalBytes: 50 * 1024 * 1024 };

export interface RunArchiveBatch {
  runId: string;
  project: string;
  startedAt: number;
  events: RunEvent[];
  steps: ModelStepRecord[];
}

export interface RunArchive {
  /** Appends events and steps to a run (creating its summary), in one transaction. */
  append(batch: RunArchiveBatch): Promise<void>;
  /** The project's runs, newest first. */
  listRuns(project: string): Promise<ArchivedRunSummary[]>;
  events(runId: string): Promise<RunEvent[]>;
  steps(runId: string): Promise<ModelStepRecord[]>;
  deleteRun(runId: string): Promise<void>;
  deleteProject(project: string): Promise<void>;
  /** Removes the oldest runs beyond the budget; returns the ids removed. */
  prune(budget?: RunArchiveBudget): Promise<string[]>;
  close(): void;
}

const DATABASE_NAME = 'workerbench-runs';
const RUNS = 'runs';
const EVENTS = 'events';
const STEPS = 'steps';

interface StoredItem<T> {
  runId: string;
  seq: number;
  value: T;
}

export async function openRunArchive(factory: IDBFactory, name = DATABASE_NAME): Promise<RunArchive> {
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(name, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      const runs = db.createObjectStore(RUNS, { keyPath: 'runId' });
      runs.createIndex('project', 'project');
      db.createObjectStore(EVENTS, { keyPath: ['runId', 'seq'] });
      db.createObjectStore(STEPS, { keyPath: ['runId', 'seq'] });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('Could not open the run archive.'));
    request.onblocked = () => reject(new Error('The run archive is blocked by another tab.'));
  });
  // Next sequence number per run and store, so appends never read first.
  const nextSeq = new Map<string, number>();

  const runRange = (runId: string) => IDBKeyRange.bound([runId, -Infinity], [runId, Infinity]);

  async function seqStart(runId: string, storeName: string): Promise<number> {
    const key = `${storeName}\u0000${runId}`;
    const known = nextSeq.get(key);
    if (known !== undefined) return known;
    // A run continued after a reload (resume) appends after what is stored.
    const last = await done<IDBCursorWithValue | null>(
      database.transaction(storeName).objectStore(storeName).openCursor(runRange(runId), 'prev'),
    );
    const start = last === null ? 0 : (last.value as StoredItem<unknown>).seq + 1;
    nextSeq.set(key, start);
    return start;
  }

  function bump(runId: string, storeName: string, count: number): void {
    const key = `${storeName}\u0000${runId}`;
    nextSeq.set(key, (nextSeq.get(key) ?? 0) + count);
  }

  async function readAll<T>(storeName: string, runId: string): Promise<T[]> {
    const items = await done<StoredItem<T>[]>(database.transaction(storeName).objectStore(storeName).getAll(runRange(runId)));
    return items.map((item) => item.value);
  }

  async function deleteRuns(runIds: readonly string[]): Promise<void> {
    if (runIds.length === 0) return;
    const transaction = database.transaction([RUNS, EVENTS, STEPS], 'readwrite');
    for (const runId of runIds) {
      transaction.objectStore(RUNS).delete(runId);
      transaction.objectStore(EVENTS).delete(runRange(runId));
      transaction.objectStore(STEPS).delete(runRange(runId));
      nextSeq.delete(`${EVENTS}\u0000${runId}`);
      nextSeq.delete(`${STEPS}\u0000${runId}`);
    }
    await committed(transaction);
  }

  async function allSummaries(): Promise<ArchivedRunSummary[]> {
    return done<ArchivedRunSummary[]>(database.transaction(RUNS).objectStore(RUNS).getAll());
  }

  return {
    async append(batch) {
      const eventStart = await seqStart(batch.runId, EVENTS);
      const stepStart = await seqStart(batch.runId, STEPS);
      const transaction = database.transaction([RUNS, EVENTS, STEPS], 'readwrite');
      let bytes = 0;
      batch.events.forEach((event, index) => {
        const item: StoredItem<RunEvent> = { runId: batch.runId, seq: eventStart + index, value: event };
        bytes += approximateSize(event);
        transaction.objectStore(EVENTS).put(item);
      });
      batch.steps.forEach((step, index) => {
        const item: StoredItem<ModelStepRecord> = { runId: batch.runId, seq: stepStart + index, value: step };
        bytes += approximateSize(step);
        transaction.objectStore(STEPS).put(item);
      });
      const runs = transaction.objectStore(RUNS);
      const summaryRequest = runs.get(batch.runId);
      summaryRequest.onsuccess = () => {
        const existing = summaryRequest.result as ArchivedRunSummary | undefined;
        const summary: ArchivedRunSummary = existing
          ? { ...existing, bytes: existing.bytes + bytes }
          : { runId: batch.runId, project: batch.project, startedAt: batch.startedAt, bytes };
        runs.put(summary);
      };
      bump(batch.runId, EVENTS, batch.events.length);
      bump(batch.runId, STEPS, batch.steps.length);
      await committed(transaction);
    },

    async listRuns(project) {
      const summaries = await done<ArchivedRunSummary[]>(
        database.transaction(RUNS).objectStore(RUNS).index('project').getAll(IDBKeyRange.only(project)),
      );
      return summaries.sort(newestFirst);
    },

    events: (runId) => readAll<RunEvent>(EVENTS, runId),
    steps: (runId) => readAll<ModelStepRecord>(STEPS, runId),
    deleteRun: (runId) => deleteRuns([runId]),

    async deleteProject(project) {
      const keys = await done<IDBValidKey[]>(
        database.transaction(RUNS).objectStore(RUNS).index('project').getAllKeys(IDBKeyRange.only(project)),
      );
      await deleteRuns(keys.map(String));
    },

    async prune(budget = DEFAULT_RUN_ARCHIVE_BUDGET) {
      const summaries = (await allSummaries()).sort(newestFirst);
      const removed: string[] = [];
      const perProject = new Map<string, number>();
      let total = 0;
      for (const summary of summaries) {
        const count = (perProject.get(summary.project) ?? 0) + 1;
        perProject.set(summary.project, count);
        // The newest run is always kept, even when it alone exceeds the bytes budget.
        if (count > budget.maxRunsPerProject || (total > 0 && total + summary.bytes > budget.maxTotalBytes)) {
          removed.push(summary.runId);
          continue;
        }
        total += summary.bytes;
      }
      await deleteRuns(removed);
      return removed;
    },

    close: () => database.close(),
  };
}

function newestFirst(left: ArchivedRunSummary, right: ArchivedRunSummary): number {
  return right.startedAt - left.startedAt || right.runId.localeCompare(left.runId);
}

function approximateSize(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}

function done<T>(request: IDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error ?? new Error('Run archive request failed.'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('Run archive write failed.'));
    transaction.onabort = () => reject(transaction.error ?? new Error('Run archive write was aborted.'));
  });
}
