import { create } from 'zustand';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import { EMPTY_RUN_TREE, reduceRunEvents, type RunTree } from '@/lib/run-tree/reduce-run-events';
import type { OverlayChange, OverlayFileSystem } from '@/lib/vfs/overlay-file-system';
import { relativePath } from '@/lib/vfs/path';
import type { ComparedRunSummary } from './compare-summary';
import { priceLookup, usePriceStore } from '../settings/price-store';
import { absolutePath } from '../workspace/project-folders';
import { syncWorkspaceFromStorage } from '../run/run-platform';
import type { PendingApproval } from '../run/approval-bridge';
import { createRunOwner } from '../run/run-owner';
import { selectEffectiveWorker, useRunStore } from '../run/run-store';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { errorMessage } from '@/lib/errors/error-message';
import { batchRunEvents } from '../run/event-batcher';

/**
 * Compare: one worker, one input, 2–6 models at once. Each run works in its own
 * copy-on-write overlay of the project, so their writes never collide and nothing
 * reaches the project until the person applies one run's changes.
 */
export const MIN_COMPARED_MODELS = 2;
export const MAX_COMPARED_MODELS = 6;

export interface ComparedRun {
  model: string;
  tree: RunTree;
  summary: ComparedRunSummary | null;
  /** Project-relative paths the run changed in its overlay, once it has ended. */
  changes: OverlayChange[];
}

export interface CompareState {
  open: boolean;
  project: string | null;
  workerName: string | null;
  selectedModels: string[];
  running: boolean;
  runs: ComparedRun[];
  pendingApprovals: PendingApproval[];
  error: string | null;
  /** What the last apply did, said in the dialog. */
  applied: { model: string; changes: OverlayChange[] } | null;

  openCompare: () => void;
  closeCompare: () => void;
  toggleModel: (model: string) => void;
  start: () => Promise<void>;
  stop: () => void;
  answerApproval: (approvalId: string, response: ApprovalResponse) => void;
  apply: (model: string) => Promise<void>;
  discardAll: () => void;
}

// The comparison in progress: its stop, its questions (the one run lifecycle, run/run-owner.ts).
const owner = createRunOwner();
/** Overlays of the finished comparison by model; dropped on discard, apply, or a new comparison. */
let overlays = new Map<string, OverlayFileSystem>();


export const useCompareStore = create<CompareState>((set, get) => ({
  open: false,
  project: null,
  workerName: null,
  selectedModels: [],
  running: false,
  runs: [],
  pendingApprovals: [],
  error: null,
  applied: null,

  openCompare: () => {
    const runState = useRunStore.getState();
    const chosen = get().selectedModels.filter((model) => runState.models.some((option) => option.id === model));
    set({ open: true, error: null, selectedModels: chosen, workerName: selectEffectiveWorker(runState) });
  },

  closeCompare: () => {
    if (get().running) get().stop();
    set({ open: false });
  },

  toggleModel: (model) =>
    set((state) => {
      if (state.selectedModels.includes(model)) return { selectedModels: state.selectedModels.filter((entry) => entry !== model) };
      if (state.selectedModels.length >= MAX_COMPARED_MODELS) return { error: `At most ${MAX_COMPARED_MODELS} models can be compared at once.` };
      return { selectedModels: [...state.selectedModels, model], error: null };
    }),

  start: async () => {
    if (get().running) return;
    const models = get().selectedModels;
    if (models.length < MIN_COMPARED_MODELS) {
      set({ error: `Pick at least ${MIN_COMPARED_MODELS} models to compare.` });
      return;
    }
    const workspace = useWorkspaceStore.getState();
    const { fileSystem, currentProject: project } = workspace;
    if (fileSystem === null || project === null) return;
    const runState = useRunStore.getState();
    const workerName = selectEffectiveWorker(runState);
    // The runtime and its validators come with the first comparison, not with the page.
    const machinery = await import('./compare-chunk');
    const { runInOverlay, summarizeComparedRun, loadProjectForRun } = machinery;
    const prepared = machinery.selectRunInput(runState);
    if (workerName === null || !prepared.ok) {
      set({ error: prepared.ok ? 'Choose a worker to compare.' : prepared.error });
      return;
    }
    set({ running: true, error: null, applied: null, project, workerName, runs: models.map((model) => ({ model, tree: EMPTY_RUN_TREE, summary: null, changes: [] })) });
    let loaded;
    try {
      await workspace.saveNow();
      loaded = await loadProjectForRun(fileSystem, project);
    } catch (error) {
      set({ running: false, error: `Could not prepare the comparison: ${errorMessage(error)}` });
      return;
    }
    const owned = owner.begin(project, (pending) => set({ pendingApprovals: pending }));
    const { approvals, signal } = owned;
    overlays = new Map();
    const supportsPdf = new Map(runState.models.map((option) => [option.id, option.supportsPdf]));

    const updateRun = (model: string, update: (run: ComparedRun) => ComparedRun) =>
      set((state) => ({ runs: state.runs.map((run) => (run.model === model ? update(run) : run)) }));

    await Promise.all(
      models.map(async (model) => {
        const startedAt = Date.now();
        // One store update per batch of events (see run/event-batcher).
        const shown = batchRunEvents((events) => updateRun(model, (run) => ({ ...run, tree: reduceRunEvents(events, run.tree) })));
        // Its own overlay; kept and shown in the Runs panel like any run (overlay-run.ts).
        const { outcome, overlay, changes } = await runInOverlay({
          fileSystem,
          project,
          loaded,
          workerName,
          input: prepared.input,
          attachments: runState.attachments,
          model,
          approvals,
          signal,
          supportsPdf,
          onEvent: (event) => shown.push(event),
        }).finally(() => shown.flush());
        overlays.set(model, overlay);
        updateRun(model, (run) => ({
          ...run,
          changes,
          summary: summarizeComparedRun({
            tree: run.tree,
            outcome,
            outputSchema: loaded.schemas.get(workerName)?.output,
            latencyMs: Date.now() - startedAt,
            priceOf: priceLookup(usePriceStore.getState().overrides),
          }),
        }));
      }),
    );
    owner.end(owned);
    set({ running: false, pendingApprovals: [] });
  },

  stop: () => {
    owner.stop();
    set({ pendingApprovals: [] });
  },

  answerApproval: (approvalId, response) => owner.answer(approvalId, response),

  apply: async (model) => {
    const overlay = overlays.get(model);
    const project = get().project;
    if (overlay === undefined || project === null || get().running) return;
    try {
      const changes = (await overlay.applyToBase()).map((change) => ({ ...change, path: relativePath(change.path, absolutePath(project, '')) }));
      overlays = new Map();
      set({ applied: { model, changes }, runs: [] });
      await syncWorkspaceFromStorage(project, changes.map((change) => change.path));
    } catch (error) {
      set({ error: `Could not apply the changes of ${model}: ${errorMessage(error)}` });
    }
  },

  discardAll: () => {
    overlays = new Map();
    set({ runs: [], applied: null, error: null });
  },
}));
