import { create } from 'zustand';
import { EMPTY_RUN_TREE } from '@/lib/runtime/reduce-run-events';
import { answerActiveApproval, stopActiveRun } from './run/active-run';
import { followWorkspace } from './run/follow-workspace';
import { createFormActions } from './run/form-actions';
import { createKeptRunsActions } from './run/kept-runs-actions';
import { createOutsideRunActions } from './run/outside-runs-actions';
import { createRunTabsActions } from './run/run-tabs-actions';
import type { RunStoreContext } from './run/run-context';
import type { RunStartOptions, RunState } from './run/run-state';
import type { PrepareOutcome } from './run/prepare-run';

type RunMachinery = Awaited<ReturnType<typeof loadRunMachinery>>;
import { useWorkspaceStore } from './workspace-store';
import { selectEffectiveModel } from './run/run-selectors';
import { keptRunArchive } from './run-archive/kept-runs';
import { loadRunMachinery } from './run/load-run-machinery';
import { projectTrustFor } from './trust-store';
import { errorMessage } from '@/lib/errors/error-message';
import { EXAMPLE_RECORD_URL } from '@/lib/run-record/example-record';

export { formDefaultValue, selectEffectiveModel, selectEffectiveWorker, selectInputSchema } from './run/run-selectors';
export type { ProjectRunInfo, RunPreflight, RunState } from './run/run-state';


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
    runProjects: {},
    runTabs: [],
    activeRunTab: null,
    preparing: false,
    running: false,
    activeRunId: null,
    pendingApprovals: [],
    preflight: null,
    startError: null,
    archiveError: null,
    revealedRunId: null,

    ...createFormActions(context),
    ...createKeptRunsActions(context),
    ...createOutsideRunActions(context),
    ...createRunTabsActions(context),

    run: async (options = {}) => {
      if (get().running || get().preparing) return;
      const { fileSystem, currentProject: project } = useWorkspaceStore.getState();
      if (fileSystem === null || project === null) return;
      set({ preparing: true, startError: null, formError: null, preflight: null });
      // The run machinery (the runtime, schemas, pdf.js's loader) comes with the first run, not with the page.
      const { prepareRun, executeRun } = await loadRunMachinery();
      await startPrepared(await prepareRun(fileSystem, project, get()), executeRun, options);
    },

    resume: async (runId) => {
      if (get().running || get().preparing) return;
      const { fileSystem, currentProject: project } = useWorkspaceStore.getState();
      if (fileSystem === null || project === null || get().runProjects[runId] !== project) return;
      set({ preparing: true, startError: null, formError: null, preflight: null });
      const { prepareResume, executeRun } = await loadRunMachinery();
      await startPrepared(await prepareResume(fileSystem, project, runId, get()), executeRun);
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
      const archive = keptRunArchive();
      if (fileSystem === null || project === null || get().runProjects[runId] !== project) return;
      set({ preparing: true, startError: null, formError: null, preflight: null });
      const { prepareReplay, readRunRecord, workerFilesOf, executeRun } = await loadRunMachinery();
      try {
        if (archive === null) throw new Error('runs are not kept in this browser (no IndexedDB).');
        // Unsaved edits to a worker count: the replay takes the workers as they are in the editor.
        await useWorkspaceStore.getState().saveNow();
        const record = await readRunRecord(fileSystem, archive, project, runId);
        // A copy of a project this browser trusts keeps its approval settings; anything else starts untrusted.
        const workersNow = await workerFilesOf(fileSystem, project);
        await startPrepared(await prepareReplay(fileSystem, record, { trusted: projectTrustFor(project) === 'trusted', workersNow }), executeRun);
      } catch (error) {
        set({ preparing: false, startError: `Could not replay the run: ${errorMessage(error)}` });
      }
    },

    replayExample: async () => {
      if (get().running || get().preparing) return;
      const { fileSystem } = useWorkspaceStore.getState();
      if (fileSystem === null) return;
      set({ preparing: true, startError: null, formError: null, preflight: null });
      const { prepareReplay, parseRunRecordText, executeRun } = await loadRunMachinery();
      try {
        const response = await fetch(EXAMPLE_RECORD_URL, { cache: 'no-cache' });
        if (!response.ok) throw new Error(`the recorded run could not be fetched (HTTP ${response.status}).`);
        const parsed = parseRunRecordText(await response.text());
        if (!parsed.ok) throw new Error(parsed.message);
        // Shipped with the app, like the example itself: trusted.
        await startPrepared(await prepareReplay(fileSystem, parsed.record, { trusted: true }), executeRun);
      } catch (error) {
        set({ preparing: false, startError: `Could not replay the example's recorded run: ${errorMessage(error)}` });
      }
    },

    stop: () => {
      if (stopActiveRun()) set({ pendingApprovals: [] });
    },

    answerApproval: (approvalId, response) => answerActiveApproval(approvalId, response),
  };
});

followWorkspace(useRunStore);
