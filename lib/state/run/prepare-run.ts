import type { LoadedProject } from '@/lib/project/analyze-project';
import { MANIFEST_FILE_NAME } from '@/lib/project/manifest-schema';
import { describeFormErrors, formValuesToInput } from '@/lib/state/forms/form-values-to-input';
import type { FileSystem } from '@/lib/vfs/file-system';
import type { RecordedRun } from '@/lib/runtime/recorded-run/recorded-run';
import { errorMessage } from '@/lib/errors/error-message';
import { runStartPoint } from '../history/history-store';
import { treeFiles } from '../workspace/read-project-tree';
import { loadProjectForRun } from './load-project-for-run';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { toRunInfo } from './project-run-info';
import { selectEffectiveModel, selectEffectiveWorker, withDefaults } from './run-selectors';
import type { ProjectRunInfo, RunPreflight, RunState } from './run-state';

/** Everything a run starts from, read fresh from storage when Run is pressed. */
export interface PreparedRun {
  project: string;
  fileSystem: FileSystem;
  loaded: LoadedProject;
  info: ProjectRunInfo;
  workerName: string;
  input: unknown;
  attachments: string[];
  model: string;
  preflight: RunPreflight | null;
  /** Said beside the run when unsaved edits could not be saved first (the run uses what is stored). */
  saveProblem: string | null;
  /** The history commit the run starts from (null when history could not be written). */
  projectCommit: string | null;
  /** Resume: the interrupted run this one follows (lib/runtime/recorded-run). */
  recorded?: RecordedRun;
}

export type PrepareOutcome = { ok: true; run: PreparedRun } | { ok: false; patch: Partial<RunState> };

/**
 * What every run reads first: unsaved editor text saved, the person's edits
 * committed (never part of the run's commit), the project read from storage.
 */
export async function readProjectForRun(
  fileSystem: FileSystem,
  project: string,
): Promise<{ ok: true; loaded: LoadedProject; saveProblem: string | null; projectCommit: string | null } | { ok: false; patch: Partial<RunState> }> {
  try {
    await useWorkspaceStore.getState().saveNow();
    const saveProblem = useWorkspaceStore.getState().saveError;
    // Both read the files as saved, and neither writes them: side by side, the wait before a run is the longer of the two.
    const [projectCommit, loaded] = await Promise.all([runStartPoint(fileSystem, project), loadProjectForRun(fileSystem, project)]);
    return { ok: true, loaded, saveProblem, projectCommit };
  } catch (error) {
    return { ok: false, patch: { startError: `Could not prepare the run: ${errorMessage(error)}` } };
  }
}

/**
 * Saves unsaved editor text, commits the person's edits (never part of the
 * run's commit), reads the project, and turns the form into the run's input.
 * A form that does not convert stops here with the reason; problems in the
 * worker's files are shown, never blocking (the runtime reports its own error).
 */
export async function prepareRun(fileSystem: FileSystem, project: string, state: RunState): Promise<PrepareOutcome> {
  const read = await readProjectForRun(fileSystem, project);
  if (!read.ok) return read;
  const { loaded, saveProblem, projectCommit } = read;
  const info = toRunInfo(project, loaded);
  const withInfo: RunState = { ...state, projectInfo: info };
  const workerName = selectEffectiveWorker(withInfo) ?? loaded.manifest.entry;
  const workerPath = info.workers.find((worker) => worker.name === workerName)?.path ?? [...loaded.workerPaths].find(([, name]) => name === workerName)?.[0];
  const blocking = loaded.diagnostics.filter(
    (diagnostic) => diagnostic.severity === 'error' && (diagnostic.file === workerPath || diagnostic.file === MANIFEST_FILE_NAME),
  );
  const preflight = blocking.length > 0 ? { workerName, diagnostics: blocking } : null;

  let input: unknown = state.inputText;
  const schema = info.workers.find((worker) => worker.name === workerName)?.inputSchema;
  if (schema !== undefined) {
    const converted = formValuesToInput(schema, withDefaults(schema, state.formValues));
    if (!converted.ok) return { ok: false, patch: { projectInfo: info, preflight, formError: describeFormErrors(converted.errors) } };
    input = converted.input;
  }

  // A picked file deleted since is left out rather than failing the run.
  const existing = new Set(treeFiles(useWorkspaceStore.getState().tree).map((file) => file.path));
  const attachments = state.attachments.filter((path) => existing.has(path));
  return {
    ok: true,
    run: { project, fileSystem, loaded, info, workerName, input, attachments, model: selectEffectiveModel(withInfo), preflight, saveProblem, projectCommit },
  };
}

export interface FollowingRunOptions {
  fileSystem: FileSystem;
  project: string;
  read: { loaded: LoadedProject; saveProblem: string | null; projectCommit: string | null; };
  start: { workerName: string; input: unknown; attachments: string[]; model: string; recorded: RecordedRun; };
}

/**
 * A run that follows a recorded one (resume, fork, replay): the recorded entry
 * worker, input and files, on the project as `read` found it.
 */
export function followingRun({ fileSystem, project, read, start }: FollowingRunOptions): PreparedRun {
  return {
    project,
    fileSystem,
    loaded: read.loaded,
    info: toRunInfo(project, read.loaded),
    ...start,
    preflight: null,
    saveProblem: read.saveProblem,
    projectCommit: read.projectCommit,
  };
}
