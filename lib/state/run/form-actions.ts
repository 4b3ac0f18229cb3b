import { fetchModelOptions } from '@/lib/model/client/proxy-client';
import { errorMessage } from '@/lib/errors/error-message';
import { requestAccessToken } from '../settings/access-token-prompt';
import { userAccessToken } from '../settings/settings-store';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { toRunInfo } from './project-run-info';
import type { RunStoreContext } from './run-store-context';
import type { RunState } from './run-state';

type FormActions = Pick<
  RunState,
  'loadModels' | 'refreshProjectInfo' | 'chooseModel' | 'chooseWorker' | 'setInputText' | 'setFormValue' | 'toggleAttachment'
>;

/** The run form: the model list, what the open project offers, and the person's choices. */
export function createFormActions({ set }: RunStoreContext): FormActions {
  return {
    loadModels: async () => {
      try {
        const { models, defaultModel } = await fetchModelOptions({ getAccessToken: userAccessToken, requestAccessToken });
        set({ models, serverDefaultModel: defaultModel, modelsError: null });
        // The editor warns about model names this list does not have.
        useWorkspaceStore.getState().setKnownModels(models.map((option) => option.id));
      } catch (error) {
        set({ modelsError: `Could not load the model list: ${errorMessage(error)}` });
      }
    },

    refreshProjectInfo: async () => {
      const { fileSystem, currentProject } = useWorkspaceStore.getState();
      if (fileSystem === null || currentProject === null) {
        set({ projectInfo: null });
        return;
      }
      try {
        // Discovery (the parsers) loads with the first read, not with the page.
        const { loadProjectForRun } = await import('./load-project-for-run');
        const loaded = await loadProjectForRun(fileSystem, currentProject);
        if (useWorkspaceStore.getState().currentProject !== currentProject) return;
        const info = toRunInfo(currentProject, loaded);
        set((state) => {
          const changedProject = state.projectInfo?.project !== currentProject;
          return {
            projectInfo: info,
            ...(changedProject ? { chosenWorker: null, formValues: new Map(), formError: null, attachments: [], preflight: null, startError: null } : {}),
            // A newly opened project starts with the input its manifest gives (llm-do's entry.args).
            ...(changedProject && info.entryInput !== undefined ? { inputText: info.entryInput } : {}),
          };
        });
      } catch (error) {
        set({ startError: `Could not read the project: ${errorMessage(error)}` });
      }
    },

    chooseModel: (model) => set({ chosenModel: model }),
    chooseWorker: (worker) => set({ chosenWorker: worker, formValues: new Map(), formError: null, preflight: null }),
    setInputText: (text) => set({ inputText: text }),
    setFormValue: (field, value) => set((state) => ({ formValues: new Map(state.formValues).set(field, value), formError: null })),
    toggleAttachment: (path) =>
      set((state) => ({
        attachments: state.attachments.includes(path) ? state.attachments.filter((item) => item !== path) : [...state.attachments, path],
      })),
  };
}
