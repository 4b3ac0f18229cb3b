import { idTable } from '@/lib/run-tree/id-table';
import { create } from 'zustand';
import { EMPTY_RUN_TREE } from '@/lib/run-tree/reduce-run-events';
import { activeRun } from './active-run';
import { followWorkspace } from './follow-workspace';
import { followOpenWorker } from './follow-open-worker';
import { workerOfPath } from './open-worker';
import { announceReplay } from './announce-replay';
import { createFormActions } from './form-actions';
import { createArchivedRunsActions } from './archived-runs-actions';
import { createOutsideRunActions } from './outside-runs-actions';
import type { RunStoreContext } from './run-store-context';
import type { RunStartOptions, RunState } from './run-state';
import type { PrepareOutcome } from './prepare-run';

type RunMachinery = Awaited<ReturnType<typeof loadRunMachinery>>;
import { useWorkspaceStore } from '../workspace/workspace-store';
import { selectEffectiveModel, selectEffectiveWorker } from './run-selectors';
import { browserRunArchive } from '../run-archive/archived-runs';
import { loadRunMachinery } from './load-run-chunk';
import { errorMessage } from '@/lib/errors/error-message';
import { EXAMPLE_RECORD_URL } from '@/lib/run-record/example-record';

export { formDefaultValue, selectEffectiveModel, selectEffectiveWorker, selectInputPlaceholder, selectInputSchema, selectUnlistedModelReason, selectWorkerOwnModel } from './run-selectors';
export type { ProjectRunInfo, RunPreflight, RunState } from './run-state';


/**
 * The Run panel's state: model choices, the run form, the run tree (a pure
 * reduction of the runtime's events), the approval questions waiting for a
 * person. Runs and "approve for this session" grants last as long as the page;
 * runs are also kept in IndexedDB. Each concern lives in ./run/; this file
 * only composes them.
 */
export const useRunStore = create<RunState>((set, get) => {
  const context: RunStoreContext = { set, get };
  /** A prepared run (Run or Resume) starts; one that could not be prepared says why. */
  const startPrepared = async (prepared: PrepareOutcome, executeRun: RunMachinery['executeRun'], options: RunStartOptions = {}) => {
    if (!prepared.ok) {
      set({ preparing: false, ...prepared.patch });
      return;
    }
    const { saveProblem, info } = prepared.run;
    // Said plainly, and the run goes on with what is stored.
    set({
      projectInfo: info,
      ...(saveProblem === null ? {} : { startError: `Unsaved edits could not be saved (${saveProblem}); this run uses the files as last saved.` }),
    });
    await executeRun(context, prepared.run, options);
  };
  return {
    models: [],
    serverDefaultModel: null,
    modelsError: null,
    chosenModel: null,
    projectInfo: null,
    chosenWorker: null,
    inputText: '',
    formValues: new Map(),
    formError: null,
    attachments: [],
    tree: EMPTY_RUN_TREE,
    runProjects: idTable(),
    preparing: false,
    running: false,
    activeRunId: null,
    pendingApprovals: [],
    preflight: null,
    startError: null,
    archiveError: null,
    archiveReading: null,
    revealedRunId: null,

    ...createFormActions(context),
    ...createArchivedRunsActions(context),
    ...createOutsideRunActions(context),

    run: async (options = {}) => {
      if (get().running || get().preparing) return;
      const { fileSystem, currentProject: project } = useWorkspaceStore.getState();
      if (fileSystem === null || project === null) return;
      set({ preparing: true, startError: null, formError: null, preflight: null });
      // The run machinery (the runtime, schemas, pdf.js's loader) comes with the first run, not with the page.
      const { prepareRun, executeRun } = await loadRunMachinery();
      await startPrepared(await prepareRun(fileSystem, project, get()), executeRun, options);
    },

    runOpenWorker: async (options = {}) => {
      if (get().running || get().preparing) return;
      const openPath = useWorkspaceStore.getState().openPath;
      if (openPath !== null && openPath.endsWith('.worker')) {
        // Re-read first: a worker file created or renamed a moment ago is not in the form's list yet.
        await get().refreshProjectInfo();
        const worker = workerOfPath(get().projectInfo, openPath);
        if (worker !== null && worker !== selectEffectiveWorker(get())) get().chooseWorker(worker);
      }
      await get().run(options);
    },

    resume: async (runId) => {
      if (get().running || get().preparing) return;
      const { fileSystem, currentProject: project } = useWorkspaceStore.getState();
      if (fileSystem === null || project === null || get().runProjects[runId] !== project) return;
      set({ preparing: true, startError: null, formError: null, preflight: null });
      const { prepareResume, executeRun } = await loadRunMachinery();
      await startPrepared(await prepareResume({ fileSystem, project, runId, state: get() }), executeRun);
    },

    fork: async ({ runId, callId, step, model }) => {
      if (get().running || get().preparing) return;
      const { fileSystem, currentProject: project } = useWorkspaceStore.getState();
      if (fileSystem === null || project === null || get().runProjects[runId] !== project) return;
      set({ preparing: true, startError: null, formError: null, preflight: null });
      const { prepareFork, executeRun } = await loadRunMachinery();
      await startPrepared(await prepareFork(fileSystem, project, { runId, callId, step, model: model ?? selectEffectiveModel(get()) }), executeRun);
    },

    replay: async (runId) => {
      if (get().running || get().preparing) return;
      const { fileSystem, currentProject: project } = useWorkspaceStore.getState();
      const archive = browserRunArchive();
      if (fileSystem === null || project === null || get().runProjects[runId] !== project) return;
      set({ preparing: true, startError: null, formError: null, preflight: null });
      const { prepareReplay, readRunRecord, workerFilesOf, executeRun } = await loadRunMachinery();
      try {
        if (archive === null) throw new Error('runs are not kept in this browser (no IndexedDB).');
        // Unsaved edits to a worker count: the replay takes the workers as they are in the editor.
        await useWorkspaceStore.getState().saveNow();
        const record = await readRunRecord({ fileSystem, archive, project, runId });
        // The copy starts untrusted whatever this project's trust: its files are the record's (prepare-replay.ts).
        const workersNow = await workerFilesOf(fileSystem, project);
        const prepared = await prepareReplay(fileSystem, record, { workersNow });
        if (prepared.ok) announceReplay(project, 'The run');
        await startPrepared(prepared, executeRun);
      } catch (error) {
        set({ preparing: false, startError: `Could not replay the run: ${errorMessage(error)}` });
      }
    },

    replayExample: async () => {
      if (get().running || get().preparing) return;
      const { fileSystem, currentProject: fromProject } = useWorkspaceStore.getState();
      if (fileSystem === null) return;
      set({ preparing: true, startError: null, formError: null, preflight: null });
      const { prepareReplay, parseRunRecordText, executeRun } = await loadRunMachinery();
      try {
        const response = await fetch(EXAMPLE_RECORD_URL, { cache: 'no-cache' });
        if (!response.ok) throw new Error(`the recorded run could not be fetched (HTTP ${response.status}).`);
        const parsed = parseRunRecordText(await response.text());
        if (!parsed.ok) throw new Error(parsed.message);
        // A project made from a record starts untrusted, the shipped one's included: one rule, no exception to reason about.
        const prepared = await prepareReplay(fileSystem, parsed.record);
        if (prepared.ok) announceReplay(fromProject, "The example's recorded run");
        await startPrepared(prepared, executeRun);
      } catch (error) {
        set({ preparing: false, startError: `Could not replay the example's recorded run: ${errorMessage(error)}` });
      }
    },

    stop: () => {
      if (activeRun.stop()) set({ pendingApprovals: [] });
    },

    answerApproval: (approvalId, response) => activeRun.answer(approvalId, response),
  };
});

followWorkspace(useRunStore);
followOpenWorker(useRunStore);
