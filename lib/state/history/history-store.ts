import { create } from 'zustand';
import type { ProjectHistory } from '@/lib/history/project-history';
import type { HistoryCommit, UndoChoices, UndoPlan } from '@/lib/history/history-types';
import type { FileSystem } from '@/lib/vfs/file-system';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * The History view's state and the two moments history is written from the
 * page: the person's edits (after idle and before each run) and a run's writes
 * (when it ends). History failing never stops a run or an edit: it is said in
 * the view instead.
 */
export interface HistoryState {
  open: boolean;
  project: string | null;
  commits: HistoryCommit[];
  storageBytes: number | null;
  loading: boolean;
  error: string | null;
  undoPlan: UndoPlan | null;
  show: () => Promise<void>;
  close: () => void;
  refresh: () => Promise<void>;
  planUndo: (commitOid: string) => Promise<void>;
  cancelUndo: () => void;
  undo: (commitOid: string, choices: UndoChoices) => Promise<void>;
  restoreFile: (commitOid: string, path: string) => Promise<void>;
  prune: (keep: number) => Promise<void>;
  fileText: (commitOid: string | null, path: string) => Promise<string | null>;
}

const histories = new Map<string, ProjectHistory>();

/**
 * The project's history. Its code (and isomorphic-git, which it loads itself)
 * comes with the first history operation, not with the page: a commit is
 * made after an idle pause or a run, never before the files show.
 */
export async function historyFor(fileSystem: FileSystem, project: string): Promise<ProjectHistory> {
  const { ProjectHistory } = await import('@/lib/history/project-history');
  let history = histories.get(project);
  if (history === undefined || (history as unknown as { fileSystem: FileSystem }).fileSystem !== fileSystem) {
    history = new ProjectHistory(fileSystem, project);
    histories.set(project, history);
  }
  return history;
}


/** Commits the person's saved edits; quiet on failure (reported in the History view). */
export async function commitPersonEdits(fileSystem: FileSystem, project: string): Promise<void> {
  try {
    await (await historyFor(fileSystem, project)).commitPersonEdits();
  } catch (error) {
    useHistoryStore.setState({ error: `History could not record your edits: ${errorMessage(error)}` });
  }
}

/**
 * Commits the person's edits before a run and returns the commit the run starts
 * from (its record names it); null when history could not be written, said in
 * the History view like any history failure.
 */
export async function runStartPoint(fileSystem: FileSystem, project: string): Promise<string | null> {
  try {
    return await (await historyFor(fileSystem, project)).startPoint();
  } catch (error) {
    useHistoryStore.setState({ error: `History could not record your edits: ${errorMessage(error)}` });
    return null;
  }
}

export async function commitRunWrites(
  fileSystem: FileSystem,
  project: string,
  run: { runId: string; entryWorker: string; model: string; writes: ReadonlyMap<string, Uint8Array | null> },
): Promise<void> {
  if (run.writes.size === 0) return;
  try {
    await (await historyFor(fileSystem, project)).commitRun(run);
  } catch (error) {
    useHistoryStore.setState({ error: `History could not record run ${run.runId}: ${errorMessage(error)}` });
  }
  if (useHistoryStore.getState().open) await useHistoryStore.getState().refresh();
}

function current(): { fileSystem: FileSystem; project: string } | null {
  const { fileSystem, currentProject } = useWorkspaceStore.getState();
  return fileSystem === null || currentProject === null ? null : { fileSystem, project: currentProject };
}

/** Runs an action that changes files, then shows the folder and the history as they now are. */
async function changeFiles(action: (history: ProjectHistory) => Promise<unknown>, paths: readonly string[]): Promise<void> {
  const target = current();
  if (target === null) return;
  const workspace = useWorkspaceStore.getState();
  await workspace.saveNow();
  useHistoryStore.setState({ loading: true, error: null });
  try {
    await action(await historyFor(target.fileSystem, target.project));
  } catch (error) {
    useHistoryStore.setState({ error: errorMessage(error) });
  }
  await useWorkspaceStore.getState().reloadFromStorage(paths);
  await useHistoryStore.getState().refresh();
}

export const useHistoryStore = create<HistoryState>((set, get) => ({
  open: false,
  project: null,
  commits: [],
  storageBytes: null,
  loading: false,
  error: null,
  undoPlan: null,
  show: async () => {
    set({ open: true, undoPlan: null, error: null });
    const target = current();
    if (target === null) return;
    await useWorkspaceStore.getState().saveNow();
    await commitPersonEdits(target.fileSystem, target.project);
    await get().refresh();
  },
  close: () => set({ open: false, undoPlan: null }),
  refresh: async () => {
    const target = current();
    if (target === null) return;
    set({ loading: true, project: target.project });
    try {
      const history = await historyFor(target.fileSystem, target.project);
      await history.ensure();
      const [commits, storageBytes] = await Promise.all([history.log(), history.storageBytes()]);
      if (useWorkspaceStore.getState().currentProject === target.project) set({ commits, storageBytes, loading: false });
    } catch (error) {
      set({ loading: false, error: `Could not read the history: ${errorMessage(error)}` });
    }
  },
  planUndo: async (commitOid) => {
    const target = current();
    if (target === null) return;
    await useWorkspaceStore.getState().saveNow();
    try {
      set({ undoPlan: await (await historyFor(target.fileSystem, target.project)).planUndo(commitOid), error: null });
    } catch (error) {
      set({ error: errorMessage(error) });
    }
  },
  cancelUndo: () => set({ undoPlan: null }),
  undo: async (commitOid, choices) => {
    const plan = get().undoPlan;
    const paths = plan?.files.map((file) => file.path) ?? [];
    set({ undoPlan: null });
    await changeFiles((history) => history.undo(commitOid, choices), paths);
    // The run's row says it was undone. The run store comes with the Run panel, already loaded by now.
    const runId = plan?.commit.oid === commitOid && plan.commit.kind === 'run' ? plan.commit.runId : undefined;
    if (runId !== undefined && get().error === null) await (await import('../run/run-store')).useRunStore.getState().markRunUndone(runId);
  },
  restoreFile: (commitOid, path) => changeFiles((history) => history.restoreFile(commitOid, path), [path]),
  prune: async (keep) => {
    await changeFiles((history) => history.prune(keep), []);
  },
  fileText: async (commitOid, path) => {
    const target = current();
    if (target === null) return null;
    const bytes = await (await historyFor(target.fileSystem, target.project)).fileAt(commitOid, path);
    if (bytes === null) return null;
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return `(binary file, ${bytes.byteLength} bytes)`;
    }
  },
}));
