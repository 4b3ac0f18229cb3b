import type { RunEvent } from '@/lib/runtime/events';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { createStepDeltaEncoder, decodeSteps } from '@/lib/run-record/step-deltas';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * Runs kept across reloads: every run's events in IndexedDB, written as they happen,
 * so the Runs panel can show past runs with their whole tree after a reload or a
 * crashed tab. One record per run (for listing and pruning without reading events)
 * and one per event, keyed by run and order. Each model step's request and response
 * (the run record that replay and resume read) is kept too, keyed by run, worker call
 * and step.
 */
export interface ArchivedRun {
  runId: string;
  project: string;
  startedAt: number;
  /** Sum of the events' JSON lengths: what the budget counts. */
  bytes: number;
  eventCount: number;
  /** When the run's file changes were undone from the project's history. */
  undoneAt?: number;
}

/** What is kept: the newest runs of each project within both limits. Stated in the README. */
export interface ArchiveBudget {
  maxRunsPerProject: number;
  maxTotalBytes: number;
}

export interface SnapshotFile {
  path: string;
  data: Uint8Array;
}

export const DEFAULT_ARCHIVE_BUDGET: ArchiveBudget = { maxRunsPerProject: 100, maxTotalBytes: 50 * 1024 * 1024 };

export interface RunArchive {
  /** The IndexedDB database it keeps runs in (the record reader's worker opens it by name). */
  readonly databaseName: string;
  append(project: string, events: readonly RunEvent[]): Promise<void>;
  /** The project's runs, oldest first. */
  listRuns(project: string): Promise<ArchivedRun[]>;
  events(runId: string): Promise<RunEvent[]>;
  /** Whether a run of that id is kept (without reading its events). */
  hasRun(runId: string): Promise<boolean>;
  /** Adds model steps to runs already appended (their run-start came first); steps of unknown runs are dropped. */
  appendSteps(steps: readonly ModelStepRecord[]): Promise<void>;
  /** The run's model steps, by worker call and step. */
  steps(runId: string): Promise<ModelStepRecord[]>;
  /**
   * Keeps the project's files as they were when a run started, for a run whose
   * start has no history commit (history could not be written): its record
   * reads them from here instead. Counted toward the budget.
   */
  putSnapshot(runId: string, files: readonly SnapshotFile[]): Promise<void>;
  /** The run's snapshot, or null when none was kept. */
  snapshot(runId: string): Promise<SnapshotFile[] | null>;
  /** Notes that the run's file changes were undone (kept with the run; nothing when it is not kept). */
  markUndone(runId: string, at: number): Promise<void>;
  deleteRun(runId: string): Promise<void>;
  deleteProject(project: string): Promise<void>;
  /** Deletes the oldest runs beyond the budget; returns the ids deleted. */
  prune(budget?: ArchiveBudget): Promise<string[]>;
}

const DATABASE_NAME = 'workerbench-runs';
const RUNS = 'runs';
const EVENTS = 'events';
const STEPS = 'steps';
const SNAPSHOTS = 'snapshots';

function request<T>(operation: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error ?? new Error('IndexedDB request failed'));
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = factory.open(name, 3);
    opening.onupgradeneeded = (change) => {
      const database = opening.result;
      if (change.oldVersion < 1) {
        const runs = database.createObjectStore(RUNS, { keyPath: 'runId' });
        runs.createIndex('project', 'project');
        database.createObjectStore(EVENTS, { keyPath: ['runId', 'sequence'] });
      }
      // Version 2: model steps, added beside the events already kept.
      if (change.oldVersion < 2) database.createObjectStore(STEPS, { keyPath: ['runId', 'callId', 'step'] });
      // Version 3: the project at a run's start, where history could not give it.
      if (change.oldVersion < 3) database.createObjectStore(SNAPSHOTS, { keyPath: 'runId' });
    };
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error ?? new Error('IndexedDB is unavailable'));
  });
}

/**
 * A batch of events is stored as one record holding their JSON text, keyed by
 * the sequence number of its first event: Chromium's IndexedDB spends about a
 * tenth of a millisecond per put, on the page's main thread, so a wide step's
 * few hundred events one record each was a 40 ms task; and it clones a string
 * far faster than the objects it spells. The text is what the byte budget
 * counts anyway. Records written before held one event object each; both are read.
 */
type StoredEvent = { runId: string; sequence: number } & ({ json: string } | { event: RunEvent });

/**
 * A model step stored as its JSON text under its key; its request holds only the
 * messages the call's previous step did not (step-deltas.ts). Records written
 * before held the step object whole; both are read.
 */
type StoredStep = Pick<ModelStepRecord, 'runId' | 'callId' | 'step'> & { json: string };

function eventsOf(record: StoredEvent): RunEvent[] {
  return 'json' in record ? (JSON.parse(record.json) as RunEvent[]) : [record.event];
}

function eventRange(runId: string): IDBKeyRange {
  return IDBKeyRange.bound([runId, 0], [runId, Number.MAX_SAFE_INTEGER]);
}

/** Every [runId, callId, step] key of one run: an array key sorts after every string. */
function stepRange(runId: string): IDBKeyRange {
  return IDBKeyRange.bound([runId], [runId, []]);
}

export function openRunArchive(factory: IDBFactory, databaseName = DATABASE_NAME): RunArchive {
  let opened: Promise<IDBDatabase> | null = null;
  const database = () => (opened ??= openDatabase(factory, databaseName));
  const stepEncoder = createStepDeltaEncoder();
  // Runs whose end was appended: their last steps are written just after it (the recorder writes a
  // batch's events first), and the encoder forgets the run once they are. Bounded; old ones need no memory.
  const endedRuns = new Set<string>();
  const noteEnded = (runId: string) => {
    endedRuns.add(runId);
    if (endedRuns.size > 64) endedRuns.delete(endedRuns.values().next().value!);
    stepEncoder.forgetRun(runId);
  };

  async function removeRuns(runIds: readonly string[]): Promise<void> {
    if (runIds.length === 0) return;
    const transaction = (await database()).transaction([RUNS, EVENTS, STEPS, SNAPSHOTS], 'readwrite');
    for (const runId of runIds) {
      transaction.objectStore(RUNS).delete(runId);
      transaction.objectStore(EVENTS).delete(eventRange(runId));
      transaction.objectStore(STEPS).delete(stepRange(runId));
      transaction.objectStore(SNAPSHOTS).delete(runId);
    }
    await done(transaction);
  }

  async function allRuns(): Promise<ArchivedRun[]> {
    const transaction = (await database()).transaction(RUNS, 'readonly');
    return request(transaction.objectStore(RUNS).getAll() as IDBRequest<ArchivedRun[]>);
  }

  return {
    databaseName,

    async append(project, events) {
      if (events.length === 0) return;
      const transaction = (await database()).transaction([RUNS, EVENTS], 'readwrite');
      const runs = transaction.objectStore(RUNS);
      const stored = transaction.objectStore(EVENTS);
      const byRun = new Map<string, RunEvent[]>();
      for (const event of events) {
        const runEvents = byRun.get(event.runId);
        if (runEvents === undefined) byRun.set(event.runId, [event]);
        else runEvents.push(event);
      }
      for (const [runId, runEvents] of byRun) {
        const existing = (await request(runs.get(runId) as IDBRequest<ArchivedRun | undefined>)) ?? {
          runId,
          project,
          startedAt: runEvents[0]!.timestamp,
          bytes: 0,
          eventCount: 0,
        };
        const json = JSON.stringify(runEvents);
        const record: StoredEvent = { runId, sequence: existing.eventCount, json };
        stored.put(record);
        runs.put({ ...existing, bytes: existing.bytes + json.length, eventCount: existing.eventCount + runEvents.length });
      }
      await done(transaction);
      for (const event of events) if (event.type === 'run-end' || event.type === 'run-error') noteEnded(event.runId);
    },

    async listRuns(project) {
      const transaction = (await database()).transaction(RUNS, 'readonly');
      const runs = await request(transaction.objectStore(RUNS).index('project').getAll(project) as IDBRequest<ArchivedRun[]>);
      return runs.sort((left, right) => left.startedAt - right.startedAt);
    },

    async events(runId) {
      const transaction = (await database()).transaction(EVENTS, 'readonly');
      const stored = await request(transaction.objectStore(EVENTS).getAll(eventRange(runId)) as IDBRequest<StoredEvent[]>);
      return stored.flatMap(eventsOf);
    },

    async hasRun(runId) {
      const transaction = (await database()).transaction(RUNS, 'readonly');
      return (await request(transaction.objectStore(RUNS).count(runId))) > 0;
    },

    async appendSteps(steps) {
      if (steps.length === 0) return;
      const transaction = (await database()).transaction([RUNS, STEPS], 'readwrite');
      const runs = transaction.objectStore(RUNS);
      try {
        for (const step of steps) {
          const run = await request(runs.get(step.runId) as IDBRequest<ArchivedRun | undefined>);
          if (run === undefined) continue;
          const json = stepEncoder.encode(step);
          const record: StoredStep = { runId: step.runId, callId: step.callId, step: step.step, json };
          transaction.objectStore(STEPS).put(record);
          // Requests carry conversations (and attachments): what is stored of them counts toward the budget.
          runs.put({ ...run, bytes: run.bytes + json.length });
        }
        await done(transaction);
        for (const runId of new Set(steps.map((step) => step.runId))) if (endedRuns.has(runId)) stepEncoder.forgetRun(runId);
      } catch (error) {
        // Not stored, so no later step may build on them.
        for (const step of steps) stepEncoder.forget(step);
        throw error;
      }
    },

    async steps(runId) {
      const transaction = (await database()).transaction(STEPS, 'readonly');
      const stored = await request(transaction.objectStore(STEPS).getAll(stepRange(runId)) as IDBRequest<Array<StoredStep | ModelStepRecord>>);
      try {
        return decodeSteps(stored.map((record) => ('json' in record ? record.json : record)));
      } catch (error) {
        throw new Error(`The kept run is damaged: ${errorMessage(error)}.`);
      }
    },

    async putSnapshot(runId, files) {
      const transaction = (await database()).transaction([RUNS, SNAPSHOTS], 'readwrite');
      const runs = transaction.objectStore(RUNS);
      const run = await request(runs.get(runId) as IDBRequest<ArchivedRun | undefined>);
      if (run !== undefined) {
        transaction.objectStore(SNAPSHOTS).put({ runId, files: files.map((file) => ({ path: file.path, data: file.data })) });
        runs.put({ ...run, bytes: run.bytes + files.reduce((sum, file) => sum + file.path.length + file.data.length, 0) });
      }
      await done(transaction);
    },

    async snapshot(runId) {
      const transaction = (await database()).transaction(SNAPSHOTS, 'readonly');
      const stored = await request(transaction.objectStore(SNAPSHOTS).get(runId) as IDBRequest<{ files: SnapshotFile[] } | undefined>);
      return stored?.files ?? null;
    },

    async markUndone(runId, at) {
      const transaction = (await database()).transaction(RUNS, 'readwrite');
      const runs = transaction.objectStore(RUNS);
      const run = await request(runs.get(runId) as IDBRequest<ArchivedRun | undefined>);
      if (run !== undefined) runs.put({ ...run, undoneAt: at });
      await done(transaction);
    },

    deleteRun: (runId) => removeRuns([runId]),

    async deleteProject(project) {
      await removeRuns((await this.listRuns(project)).map((run) => run.runId));
    },

    async prune(budget = DEFAULT_ARCHIVE_BUDGET) {
      const runs = (await allRuns()).sort((left, right) => right.startedAt - left.startedAt);
      const perProject = new Map<string, number>();
      let total = 0;
      const doomed: string[] = [];
      // Newest first: a run is kept while its project and the whole archive are within budget.
      for (const run of runs) {
        const count = (perProject.get(run.project) ?? 0) + 1;
        if (count > budget.maxRunsPerProject || total + run.bytes > budget.maxTotalBytes) {
          doomed.push(run.runId);
          continue;
        }
        perProject.set(run.project, count);
        total += run.bytes;
      }
      await removeRuns(doomed);
      return doomed;
    },
  };
}
