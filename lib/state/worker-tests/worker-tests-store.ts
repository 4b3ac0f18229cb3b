import { create } from 'zustand';
import { errorMessage } from '@/lib/errors/error-message';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import type { RunEvent } from '@/lib/runtime/events';
import type { Diagnostic } from '@/lib/worker/diagnostic';
import type { CaseResult, WorkerRunner } from '@/lib/worker-tests/run-test-case';
import { isTestFilePath, testFileBeside } from '@/lib/worker-tests/test-file-path';
import type { TestSuite } from '@/lib/worker-tests/test-suite';
import { treeFiles } from '../workspace/read-project-tree';
import { priceLookup, usePriceStore } from '../settings/price-store';
import { createApprovalBridge, type ApprovalBridge, type PendingApproval } from '../run/approval-bridge';
import { selectEffectiveModel, selectEffectiveWorker, useRunStore } from '../run/run-store';
import { useWorkspaceStore } from '../workspace/workspace-store';

/**
 * Tests: a worker's test cases (its `<worker>.tests.yaml`) on one or more models. Each
 * case is a normal run — kept, and shown in the Runs panel — in its own scratch copy of
 * the project (the overlay Compare uses), so nothing a case writes reaches the project.
 * Its output is then checked (lib/worker-tests); grader checks are runs too.
 */
export const MAX_TESTED_MODELS = 6;
/** Case runs at once, over all models: enough to be quick, few enough for a provider's rate limits. */
export const MAX_PARALLEL_CASE_RUNS = 3;

export type CellState = { status: 'queued' | 'running' } | { status: 'done'; result: CaseResult };

export interface WorkerTestsState {
  open: boolean;
  /** Tests files of the open project (project-relative paths). */
  testFiles: string[];
  selectedFile: string | null;
  selectedModels: string[];
  running: boolean;
  /** The suite of the last (or current) run, and the models it ran on. */
  suite: TestSuite | null;
  models: string[];
  /** By cellKey(case, model). */
  cells: Record<string, CellState>;
  /** Errors in the chosen tests file: it does not run until they are fixed. */
  problems: Diagnostic[];
  pendingApprovals: PendingApproval[];
  error: string | null;

  openTests: () => void;
  closeTests: () => void;
  chooseFile: (path: string) => void;
  toggleModel: (model: string) => void;
  start: () => Promise<void>;
  stop: () => void;
  answerApproval: (approvalId: string, response: ApprovalResponse) => void;
  /** Shows a case's run in the Runs panel (closing the dialog, so the panel is in reach). */
  openRun: (runId: string) => void;
}

export function cellKey(caseName: string, model: string): string {
  return `${model}\u0000${caseName}`;
}

let controller: AbortController | null = null;
let bridge: ApprovalBridge | null = null;

function projectTestFiles(): string[] {
  return treeFiles(useWorkspaceStore.getState().tree)
    .map((file) => file.path)
    .filter(isTestFilePath)
    .sort((left, right) => left.localeCompare(right));
}

/** The tests file of the Run form's worker when it has one, else the first. */
function defaultTestFile(files: readonly string[]): string | null {
  const runState = useRunStore.getState();
  const worker = selectEffectiveWorker(runState);
  const workerPath = runState.projectInfo?.workers.find((entry) => entry.name === worker)?.path;
  const beside = workerPath === undefined ? undefined : testFileBeside(workerPath);
  return files.find((file) => file === beside) ?? files[0] ?? null;
}

/** Runs `work` on every item with at most `limit` at once. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export const useWorkerTestsStore = create<WorkerTestsState>((set, get) => ({
  open: false,
  testFiles: [],
  selectedFile: null,
  selectedModels: [],
  running: false,
  suite: null,
  models: [],
  cells: {},
  problems: [],
  pendingApprovals: [],
  error: null,

  openTests: () => {
    const testFiles = projectTestFiles();
    const runState = useRunStore.getState();
    const known = get().selectedModels.filter((model) => runState.models.some((option) => option.id === model));
    const selectedFile = get().selectedFile !== null && testFiles.includes(get().selectedFile!) ? get().selectedFile : defaultTestFile(testFiles);
    set({ open: true, testFiles, selectedFile, error: null, selectedModels: known.length > 0 ? known : [selectEffectiveModel(runState)] });
  },

  closeTests: () => set({ open: false }),

  chooseFile: (path) => set({ selectedFile: path, problems: [], error: null }),

  toggleModel: (model) =>
    set((state) => {
      if (state.selectedModels.includes(model)) return { selectedModels: state.selectedModels.filter((entry) => entry !== model), error: null };
      if (state.selectedModels.length >= MAX_TESTED_MODELS) return { error: `At most ${MAX_TESTED_MODELS} models can be tested at once.` };
      return { selectedModels: [...state.selectedModels, model], error: null };
    }),

  start: async () => {
    if (get().running) return;
    const { selectedFile: path, selectedModels: models } = get();
    if (path === null) {
      set({ error: 'This project has no tests file. Add one beside a worker, e.g. main.tests.yaml beside main.worker.' });
      return;
    }
    if (models.length === 0) {
      set({ error: 'Pick at least one model.' });
      return;
    }
    const workspace = useWorkspaceStore.getState();
    const { fileSystem, currentProject: project } = workspace;
    if (fileSystem === null || project === null) return;
    set({ running: true, error: null, problems: [] });

    let loaded;
    let suite: TestSuite;
    let machinery: typeof import('./worker-tests-chunk');
    try {
      // The runtime, YAML and Ajv come with the first tests run, not with the page.
      machinery = await import('./worker-tests-chunk');
      const { readTestFile, loadProjectForRun, projectSandbox } = machinery;
      // The cases run on what is stored: unsaved edits go there first.
      await workspace.saveNow();
      loaded = await loadProjectForRun(fileSystem, project);
      const parsed = readTestFile(path, await projectSandbox(fileSystem, project).readText(path), loaded.workerPaths);
      const errors = parsed.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
      if (parsed.suite === undefined || errors.length > 0) {
        set({ running: false, problems: errors, error: `${path} has ${errors.length === 1 ? 'a problem' : `${errors.length} problems`}; fix ${errors.length === 1 ? 'it' : 'them'} to run its cases.` });
        return;
      }
      suite = parsed.suite;
    } catch (error) {
      set({ running: false, error: `Could not prepare the tests: ${errorMessage(error)}` });
      return;
    }

    const { runInOverlay, runTestCase, browserRegexMatcher } = machinery;
    const abort = new AbortController();
    controller = abort;
    const approvals = createApprovalBridge((pending) => {
      if (controller === abort) set({ pendingApprovals: pending });
    });
    bridge = approvals;
    const supportsPdf = new Map(useRunStore.getState().models.map((option) => [option.id, option.supportsPdf]));
    const cells: Record<string, CellState> = {};
    for (const model of models) for (const testCase of suite.cases) cells[cellKey(testCase.name, model)] = { status: 'queued' };
    set({ suite, models: [...models], cells });
    const setCell = (caseName: string, model: string, cell: CellState) => set((state) => ({ cells: { ...state.cells, [cellKey(caseName, model)]: cell } }));

    // Every run — a case's or a grader's — is a normal kept run, shown in the Runs panel (runInOverlay).
    const run: WorkerRunner = async (request) => {
      const tokens = { input: 0, output: 0 };
      const events: RunEvent[] = [];
      const { outcome } = await runInOverlay({
        fileSystem,
        project,
        loaded,
        workerName: request.worker,
        input: request.input,
        attachments: request.attachments,
        model: request.model,
        approvals,
        signal: abort.signal,
        supportsPdf,
        onEvent: (event) => {
          events.push(event);
          if (event.type === 'step-finish') {
            tokens.input += event.usage.inputTokens;
            tokens.output += event.usage.outputTokens;
          }
        },
      });
      return { outcome, tokens, events };
    };
    const priceOf = priceLookup(usePriceStore.getState().overrides);

    const work = models.flatMap((model) => suite.cases.map((testCase) => ({ model, testCase })));
    try {
      await inPool(work, MAX_PARALLEL_CASE_RUNS, async ({ model, testCase }) => {
        if (abort.signal.aborted) return;
        setCell(testCase.name, model, { status: 'running' });
        const result = await runTestCase({ worker: suite.worker, testCase, model, run, matchRegex: browserRegexMatcher, priceOf });
        setCell(testCase.name, model, { status: 'done', result });
      });
    } catch (error) {
      set({ error: `The tests stopped: ${errorMessage(error)}` });
    } finally {
      approvals.clear();
      if (controller === abort) controller = null;
      if (bridge === approvals) bridge = null;
      set({ running: false, pendingApprovals: [] });
    }
  },

  stop: () => {
    controller?.abort();
    bridge?.clear();
    set({ pendingApprovals: [] });
  },

  answerApproval: (approvalId, response) => bridge?.answer(approvalId, response),

  openRun: (runId) => {
    set({ open: false });
    useRunStore.getState().revealRun(runId);
  },
}));
