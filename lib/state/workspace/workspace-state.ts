import type { Diagnostic } from '@/lib/worker/diagnostic';
import type { FileSystem } from '@/lib/vfs/file-system';
import type { DroppedNode } from '@/lib/share/dropped-items';
import type { DeckFetcher } from './example-seed';
import type { OpenFileOptions, OpenFileView, RevealRequest, SaveIndicator, TextBuffer, TreeNode } from './workspace-types';

export interface Notice {
  tone: 'error' | 'info';
  message: string;
  /** One thing to do about it (e.g. go back to the project a replay left). */
  action?: { label: string; run: () => void };
}

export interface WorkspaceState {
  phase: 'starting' | 'ready' | 'failed';
  startupError: string | null;
  fileSystem: FileSystem | null;
  /** Banner text when storage is blocked or full; null when all is well. */
  storageProblem: string | null;
  notice: Notice | null;
  /** The project the last load could not open (safe start: startup-guard.ts), and why; the IDE opened without it. */
  failedProject: { name: string; reason: string } | null;
  /** Projects opened without their kept runs on this page (the safe start's choice). */
  runsWithheld: ReadonlySet<string>;
  projects: string[];
  currentProject: string | null;
  tree: TreeNode[];
  /**
   * Open folders and text buffers, keyed by project-relative path. Maps and sets, not
   * plain objects: a file named "constructor" or "__proto__" must not find a
   * prototype member in their place.
   */
  expanded: ReadonlySet<string>;
  selectedPath: string | null;
  openPath: string | null;
  openView: OpenFileView | null;
  /** In-memory text of every worker file, the manifest and any opened text file. */
  buffers: ReadonlyMap<string, TextBuffer>;
  saving: boolean;
  saveError: string | null;
  diagnostics: Diagnostic[];
  /** The project the diagnostics were computed for; null until the open project's first check is done. */
  checkedProject: string | null;
  /** The project's generated workers folder (generated_workers_dir), known once the project was checked. */
  generatedFolder: string | null;
  /** Ids of the models the server offers, once the run panel has loaded them: model names are checked against them. */
  knownModels: readonly string[] | null;
  revealRequest: RevealRequest | null;

  /** Opens storage and the last project. Tests pass their own filesystem and deck fetcher. */
  start: (options?: { fileSystem?: FileSystem; fetchExampleDeck?: DeckFetcher }) => Promise<void>;
  switchProject: (name: string) => Promise<void>;
  /** The safe start's choices for the project that failed: open it (with or without its kept runs), or delete it. */
  openFailedProject: (options: { withoutRuns: boolean }) => Promise<void>;
  deleteFailedProject: () => Promise<void>;
  requestCreateProject: () => Promise<void>;
  requestDeleteProject: (name: string) => Promise<void>;
  /** A fresh copy of the pitch-deck example (with its sample decks) under a free name; never overwrites. */
  requestRestoreExample: () => Promise<void>;
  openFile: (path: string, options?: OpenFileOptions) => Promise<void>;
  editText: (path: string, text: string) => void;
  saveNow: () => Promise<void>;
  toggleFolder: (path: string) => void;
  setFolderExpanded: (path: string, expanded: boolean) => void;
  select: (path: string | null) => void;
  requestCreateFile: (folder: string) => Promise<void>;
  requestCreateFolder: (folder: string) => Promise<void>;
  requestRename: (path: string) => Promise<void>;
  requestMove: (path: string) => Promise<void>;
  movePath: (path: string, targetFolder: string) => Promise<void>;
  requestDelete: (path: string) => Promise<void>;
  uploadFiles: (files: File[], folder: string) => Promise<void>;
  /** Files and folders dropped from the desktop onto the tree, into `folder` with their relative paths (lib/state/workspace/drop-actions.ts). */
  addDroppedItems: (dropped: Promise<DroppedNode[]>, folder: string) => Promise<void>;
  downloadFile: (path: string) => Promise<void>;
  revealProblem: (diagnostic: Diagnostic) => Promise<void>;
  dismissNotice: () => void;
  /** The server's model list arrived (or changed): model names are checked again. */
  setKnownModels: (ids: readonly string[]) => void;
  /**
   * Re-reads the tree and the given files after something other than the editor
   * wrote to the project (a run's tools, an import). Unsaved typing is never overwritten.
   */
  reloadFromStorage: (changedPaths?: readonly string[]) => Promise<void>;
}

/** The save indicator is derived, so it can never disagree with the buffers. */
export function selectSaveIndicator(state: WorkspaceState): SaveIndicator {
  if (state.saveError !== null) return { status: 'error', reason: state.saveError };
  if (state.saving) return { status: 'saving' };
  const dirty = [...state.buffers.values()].some((buffer) => buffer.text !== buffer.savedText);
  return dirty ? { status: 'dirty' } : { status: 'saved' };
}
