import { absolutePath } from './project-folders';
import { STORAGE_FULL_MESSAGE, describeError, storageProblemFor } from './storage-messages';
import { clearUnsaved, recordUnsaved } from './unsaved-journal';
import type { Analysis } from './diagnostics';
import type { WorkspaceContext } from './workspace-context';
import type { WorkspaceState } from './workspace-state';

export const AUTOSAVE_DELAY_MS = 400;

/** Typing into buffers and getting them to storage: journal at once, autosave after a pause. */
export interface Editing {
  actions: Pick<WorkspaceState, 'editText' | 'saveNow'>;
  scheduleSave: () => void;
  cancelScheduledSave: () => void;
}

export function createEditing(context: WorkspaceContext, { scheduleAnalysis, concerns }: Analysis): Editing {
  const { set, get } = context;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  // Saves run one after another so two writes of the same file never interleave.
  let saveChain: Promise<void> = Promise.resolve();

  function scheduleSave(): void {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void get().saveNow(), AUTOSAVE_DELAY_MS);
  }

  async function writeDirtyBuffers(): Promise<void> {
    const { fileSystem, currentProject, buffers } = get();
    if (fileSystem === null || currentProject === null) return;
    const dirty = [...buffers].filter(([, buffer]) => buffer.text !== buffer.savedText);
    if (dirty.length === 0) {
      if (get().saveError !== null) set({ saveError: null });
      return;
    }
    set({ saving: true });
    try {
      for (const [path, buffer] of dirty) {
        const text = buffer.text;
        await fileSystem.writeFile(absolutePath(currentProject, path), text);
        if (get().currentProject !== currentProject) continue;
        set((state) => {
          const current = state.buffers.get(path);
          if (current === undefined) return {};
          return { buffers: new Map(state.buffers).set(path, { ...current, savedText: text }) };
        });
        // The journal entry goes only when nothing newer was typed meanwhile.
        if (get().buffers.get(path)?.text === text) clearUnsaved(currentProject, path);
      }
      set((state) => ({
        saving: false,
        saveError: null,
        storageProblem: state.storageProblem === STORAGE_FULL_MESSAGE ? null : state.storageProblem,
      }));
      if ([...get().buffers.values()].some((buffer) => buffer.text !== buffer.savedText)) scheduleSave();
      // File sizes in the tree follow the saved text.
      await context.refreshTree().catch(() => undefined);
    } catch (error) {
      // The buffer keeps the text and stays dirty: a failed save never loses work.
      set((state) => ({
        saving: false,
        saveError: describeError(error),
        storageProblem: storageProblemFor(error) ?? state.storageProblem,
      }));
    }
  }

  return {
    scheduleSave,
    cancelScheduledSave: () => clearTimeout(saveTimer),
    actions: {
      editText: (path, text) => {
        const project = get().currentProject;
        const buffer = get().buffers.get(path);
        if (project === null || buffer === undefined || buffer.text === text) return;
        // Journal first: it is synchronous, so even an immediate reload keeps this keystroke.
        if (text === buffer.savedText) clearUnsaved(project, path);
        else recordUnsaved(project, path, text);
        set((state) => ({ buffers: new Map(state.buffers).set(path, { ...buffer, text }) }));
        scheduleSave();
        if (concerns(path)) scheduleAnalysis();
      },

      saveNow: async () => {
        clearTimeout(saveTimer);
        saveChain = saveChain.then(writeDirtyBuffers, writeDirtyBuffers);
        await saveChain;
      },
    },
  };
}
