import { create } from 'zustand';
import { EMPTY_RUN_TREE } from '@/lib/runtime/reduce-run-events';
import { answerActiveApproval, stopActiveRun } from './run/active-run';
import { executeRun } from './run/execute-run';
import { followWorkspace } from './run/follow-workspace';
import { createFormActions } from './run/form-actions';
import { createKeptRunsActions } from './run/kept-runs-actions';
import { prepareRun } from './run/prepare-run';
import type { RunStoreContext } from './run/run-context';
import type { RunState } from './run/run-state';
import { useWorkspaceStore } from './workspace-store';

export { formDefaultValue, selectEffectiveModel, selectEffectiveWorker, selectInputSchema, selectRunInput } from './run/run-selectors';
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
    runExpanded: {},
    preparing: false,
    running: false,
    activeRunId: null,
    pendingApprovals: [],
    preflight: null,
    startError: null,
    archiveError: null,

    ...createFormActions(context),
    ...createKeptRunsActions(context),

    run: async () => {
      if (get().running || get().preparing) return;
      const { fileSystem, currentProject: project } = useWorkspaceStore.getState();
      if (fileSystem === null || project === null) return;
      set({ preparing: true, startError: null, formError: null, preflight: null });
      const prepared = await prepareRun(fileSystem, project, get());
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
      await executeRun(context, prepared.run);
    },

    stop: () => {
      if (stopActiveRun()) set({ pendingApprovals: [] });
    },

    answerApproval: (approvalId, response) => answerActiveApproval(approvalId, response),
  };
});

followWorkspace(useRunStore);
