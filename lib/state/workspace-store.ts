import { create } from 'zustand';
import type { Diagnostic } from '@/lib/worker/diagnostic';
import type { FileSystem } from '@/lib/vfs/file-system';
import { isVfsError } from '@/lib/vfs/file-system';
import { MAX_FILE_BYTES } from '@/lib/vfs/limits';
import { tooLargeMessage } from './too-large-message';
import { decodeUtf8Strict } from '@/lib/vfs/utf8';
import { askChoice, askConfirm, askText } from './dialog-store';
import { downloadBytes } from './download-bytes';
import { fileViewKind, isAnalyzedPath } from './file-view-kind';
import { keepBothName } from './keep-both-name';
import { openBrowserFileSystem } from './open-file-system';
import { projectCatalog } from './project-catalog';
import { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project';
import { browserDeckFetcher, createExampleProject, deckSeedProblem, type DeckFetcher } from './example-seed';
import { analyzeTexts } from './analyze-texts';
import { mimeTypeForPath } from '@/lib/vfs/mime-type';
import {
  absolutePath,
  fileNameProblem,
  isWithin,
  rebase,
  relativeBaseName,
  relativeJoin,
  relativeParent,
} from './project-paths';
import { findNode, readProjectTree, treeFiles, treeFolders } from './read-project-tree';
import { sessionMemory } from './session-memory';
import { STORAGE_FULL_MESSAGE, describeError, storageProblemFor } from './storage-messages';
import { clearUnsaved, forgetUnsaved, readUnsaved, recordUnsaved } from './unsaved-journal';
import { workerFileTemplate } from './worker-file-template';
import type { OpenFileView, RevealRequest, SaveIndicator, TextBuffer, TreeNode } from './workspace-types';

/**
 * The workbench's single source of truth: filesystem, projects, tree, open file,
 * text buffers, save state and diagnostics. Components render this state and
 * call these actions; every filesystem access of the UI goes through here.
 */
export const AUTOSAVE_DELAY_MS = 400;
export const ANALYSIS_DELAY_MS = 200;

export interface Notice {
  tone: 'error' | 'info';
  message: string;
}

export interface WorkspaceState {
  phase: 'starting' | 'ready' | 'failed';
  startupError: string | null;
  fileSystem: FileSystem | null;
  /** Banner text when storage is blocked or full; null when all is well. */
  storageProblem: string | null;
  notice: Notice | null;
  projects: string[];
  currentProject: string | null;
  tree: TreeNode[];
  expanded: Record<string, boolean>;
  selectedPath: string | null;
  openPath: string | null;
  openView: OpenFileView | null;
  /** In-memory text of every worker file, the manifest and any opened text file. */
  buffers: Record<string, TextBuffer>;
  saving: boolean;
  saveError: string | null;
  diagnostics: Diagnostic[];
  revealRequest: RevealRequest | null;

  /** Opens storage and the last project. Tests pass their own filesystem and deck fetcher. */
  start: (options?: { fileSystem?: FileSystem; fetchExampleDeck?: DeckFetcher }) => Promise<void>;
  switchProject: (name: string) => Promise<void>;
  requestCreateProject: () => Promise<void>;
  requestDeleteProject: (name: string) => Promise<void>;
  /** A fresh copy of the pitch-deck example (with its sample decks) under a free name; never overwrites. */
  requestRestoreExample: () => Promise<void>;
  openFile: (path: string) => Promise<void>;
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
  downloadFile: (path: string) => Promise<void>;
  revealProblem: (diagnostic: Diagnostic) => Promise<void>;
  dismissNotice: () => void;
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
  const dirty = Object.values(state.buffers).some((buffer) => buffer.text !== buffer.savedText);
  return dirty ? { status: 'dirty' } : { status: 'saved' };
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let analysisTimer: ReturnType<typeof setTimeout> | undefined;
// Saves run one after another so two writes of the same file never interleave.
let saveChain: Promise<void> = Promise.resolve();
let revealCounter = 0;
let starting: Promise<void> | undefined;
let fetchExampleDeck: DeckFetcher = browserDeckFetcher;

export const useWorkspaceStore = create<WorkspaceState>((set, get) => {
  function requireFileSystem(): FileSystem {
    const fileSystem = get().fileSystem;
    if (fileSystem === null) throw new Error('The workspace has not started yet.');
    return fileSystem;
  }

  function requireProject(): string {
    const project = get().currentProject;
    if (project === null) throw new Error('No project is open.');
    return project;
  }

  function reportError(error: unknown, context: string): void {
    const storageProblem = storageProblemFor(error);
    set((state) => ({
      notice: { tone: 'error', message: `${context}: ${describeError(error)}` },
      storageProblem: storageProblem ?? state.storageProblem,
    }));
  }

  function scheduleSave(): void {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void get().saveNow(), AUTOSAVE_DELAY_MS);
  }

  function scheduleAnalysis(): void {
    clearTimeout(analysisTimer);
    analysisTimer = setTimeout(runAnalysis, ANALYSIS_DELAY_MS);
  }

  function runAnalysis(): void {
    clearTimeout(analysisTimer);
    const { buffers, currentProject } = get();
    if (currentProject === null) {
      set({ diagnostics: [] });
      return;
    }
    set({ diagnostics: analyzeTexts(buffers) });
  }

  async function writeDirtyBuffers(): Promise<void> {
    const { fileSystem, currentProject, buffers } = get();
    if (fileSystem === null || currentProject === null) return;
    const dirty = Object.entries(buffers).filter(([, buffer]) => buffer.text !== buffer.savedText);
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
          const current = state.buffers[path];
          if (current === undefined) return {};
          return { buffers: { ...state.buffers, [path]: { ...current, savedText: text } } };
        });
        // The journal entry goes only when nothing newer was typed meanwhile.
        if (get().buffers[path]?.text === text) clearUnsaved(currentProject, path);
      }
      set((state) => ({
        saving: false,
        saveError: null,
        storageProblem: state.storageProblem === STORAGE_FULL_MESSAGE ? null : state.storageProblem,
      }));
      if (Object.values(get().buffers).some((buffer) => buffer.text !== buffer.savedText)) scheduleSave();
      // File sizes in the tree follow the saved text.
      await refreshTree().catch(() => undefined);
    } catch (error) {
      // The buffer keeps the text and stays dirty: a failed save never loses work.
      set((state) => ({
        saving: false,
        saveError: describeError(error),
        storageProblem: storageProblemFor(error) ?? state.storageProblem,
      }));
    }
  }

  async function refreshTree(): Promise<void> {
    const project = requireProject();
    const tree = await readProjectTree(requireFileSystem(), absolutePath(project, ''));
    if (get().currentProject === project) set({ tree });
  }

  function expandAncestors(path: string): Record<string, boolean> {
    const expanded = { ...get().expanded };
    let parent = relativeParent(path);
    while (parent !== '') {
      expanded[parent] = true;
      parent = relativeParent(parent);
    }
    return expanded;
  }

  /** A default name for a new file or folder that does not clash with a sibling. */
  function freeName(folder: string, name: string): string {
    const taken = (candidate: string) => findNode(get().tree, relativeJoin(folder, candidate)) !== null;
    return taken(name) ? keepBothName(name, taken) : name;
  }

  /** Moves every piece of state keyed by path after a rename or move. */
  function rebaseState(from: string, to: string): void {
    const project = requireProject();
    set((state) => {
      const buffers: Record<string, TextBuffer> = {};
      for (const [path, buffer] of Object.entries(state.buffers)) {
        const moved = rebase(path, from, to);
        buffers[moved] = buffer;
        if (moved !== path && buffer.text !== buffer.savedText) {
          clearUnsaved(project, path);
          recordUnsaved(project, moved, buffer.text);
        }
      }
      // A buffer that moves out of or into analysis keeps its text either way.
      const expanded: Record<string, boolean> = {};
      for (const [path, open] of Object.entries(state.expanded)) expanded[rebase(path, from, to)] = open;
      const openPath = state.openPath === null ? null : rebase(state.openPath, from, to);
      return {
        buffers,
        expanded,
        openPath,
        selectedPath: state.selectedPath === null ? null : rebase(state.selectedPath, from, to),
      };
    });
    const openPath = get().openPath;
    sessionMemory.setLastFile(project, openPath);
  }

  async function pathExists(path: string): Promise<boolean> {
    return (await requireFileSystem().stat(absolutePath(requireProject(), path))) !== null;
  }

  async function loadProject(name: string): Promise<void> {
    const fileSystem = requireFileSystem();
    const tree = await readProjectTree(fileSystem, absolutePath(name, ''));
    const buffers: Record<string, TextBuffer> = {};
    for (const file of treeFiles(tree)) {
      if (!isAnalyzedPath(file.path)) continue;
      try {
        const text = await fileSystem.readText(absolutePath(name, file.path));
        buffers[file.path] = { text, savedText: text };
      } catch {
        // A worker file that is not UTF-8 is left out of analysis rather than blocking the project.
      }
    }
    // Text typed before a reload that IndexedDB had not stored yet comes back here.
    for (const [path, text] of readUnsaved(name)) {
      if (findNode(tree, path) === null) {
        clearUnsaved(name, path);
        continue;
      }
      let savedText = buffers[path]?.savedText;
      if (savedText === undefined) {
        try {
          savedText = await fileSystem.readText(absolutePath(name, path));
        } catch {
          continue;
        }
      }
      if (savedText === text) clearUnsaved(name, path);
      else buffers[path] = { text, savedText };
    }
    set({
      currentProject: name,
      tree,
      buffers,
      expanded: {},
      selectedPath: null,
      openPath: null,
      openView: null,
      diagnostics: [],
      revealRequest: null,
      saveError: null,
    });
    sessionMemory.setLastProject(name);
    runAnalysis();
    if (Object.values(buffers).some((buffer) => buffer.text !== buffer.savedText)) scheduleSave();

    const files = treeFiles(tree);
    const remembered = sessionMemory.lastFile(name);
    const initial =
      files.find((file) => file.path === remembered) ??
      files.find((file) => file.path === 'main.worker') ??
      files.find((file) => file.path.endsWith('.worker'));
    if (initial !== undefined) await get().openFile(initial.path);
  }

  async function refreshProjects(): Promise<string[]> {
    const projects = await projectCatalog.list(requireFileSystem());
    set({ projects });
    return projects;
  }

  async function writeUpload(file: File, folder: string, siblings: Set<string>): Promise<string | null> {
    if (file.size > MAX_FILE_BYTES) {
      set({ notice: { tone: 'error', message: tooLargeMessage(file.name, file.size) } });
      return null;
    }
    const nameProblem = fileNameProblem(file.name);
    if (nameProblem !== null) {
      set({ notice: { tone: 'error', message: `Cannot upload "${file.name}": ${nameProblem}` } });
      return null;
    }
    let name = file.name;
    if (siblings.has(name)) {
      const choice = await askChoice({
        title: 'File already exists',
        message: `"${name}" already exists in ${folder === '' ? 'the project root' : folder}. What should happen?`,
        choices: [
          { id: 'replace', label: 'Replace', tone: 'danger' },
          { id: 'keep-both', label: 'Keep both', tone: 'primary' },
          { id: 'cancel', label: 'Cancel' },
        ],
      });
      if (choice === null || choice === 'cancel') return null;
      const existing = findNode(get().tree, relativeJoin(folder, name));
      if (choice === 'keep-both' || existing?.kind === 'directory') {
        name = keepBothName(name, (candidate) => siblings.has(candidate));
      }
    }
    const path = relativeJoin(folder, name);
    const bytes = new Uint8Array(await file.arrayBuffer());
    await requireFileSystem().writeFile(absolutePath(requireProject(), path), bytes);
    siblings.add(name);
    // A replaced text file gets its new content in memory too, so the editor shows what is stored.
    const previous = get().buffers[path];
    if (previous !== undefined || isAnalyzedPath(path)) {
      let text: string | null = null;
      try {
        text = decodeUtf8Strict(bytes, path);
      } catch {
        text = null;
      }
      set((state) => {
        const buffers = { ...state.buffers };
        if (text === null) delete buffers[path];
        else buffers[path] = { text, savedText: text };
        return { buffers };
      });
      clearUnsaved(requireProject(), path);
    }
    return path;
  }

  return {
    phase: 'starting',
    startupError: null,
    fileSystem: null,
    storageProblem: null,
    notice: null,
    projects: [],
    currentProject: null,
    tree: [],
    expanded: {},
    selectedPath: null,
    openPath: null,
    openView: null,
    buffers: {},
    saving: false,
    saveError: null,
    diagnostics: [],
    revealRequest: null,

    start: (options) => {
      // Strict mode and fast refresh call effects twice; one start per tab, one
      // LightningFileSystem per database.
      if (options?.fetchExampleDeck !== undefined) fetchExampleDeck = options.fetchExampleDeck;
      starting ??= startWorkspace(options?.fileSystem);
      return starting;
    },

    switchProject: async (name) => {
      if (name === get().currentProject) return;
      await get().saveNow();
      try {
        await loadProject(name);
      } catch (error) {
        reportError(error, `Could not open project "${name}"`);
      }
    },

    requestCreateProject: async () => {
      const fileSystem = requireFileSystem();
      const existing = new Set(get().projects);
      const name = await askText({
        title: 'New project',
        label: 'Project name',
        initialValue: projectCatalog.freeName(existing, 'new-project'),
        confirmLabel: 'Create project',
        validate: (value) => projectCatalog.nameProblem(value) ?? (existing.has(value) ? `A project named "${value}" already exists.` : null),
      });
      if (name === null) return;
      try {
        await get().saveNow();
        await projectCatalog.createBlank(fileSystem, name);
        await refreshProjects();
        await loadProject(name);
      } catch (error) {
        reportError(error, `Could not create project "${name}"`);
      }
    },

    requestRestoreExample: async () => {
      const fileSystem = requireFileSystem();
      const existing = new Set(await refreshProjects().catch(() => get().projects));
      const name = await askText({
        title: 'Restore pitch-deck example',
        label: 'A fresh copy of the example (with its sample decks) is created as a new project named',
        initialValue: projectCatalog.freeName(existing, EXAMPLE_PROJECT_NAME),
        confirmLabel: 'Restore example',
        validate: (value) => projectCatalog.nameProblem(value) ?? (existing.has(value) ? `A project named "${value}" already exists.` : null),
      });
      if (name === null) return;
      try {
        await get().saveNow();
        const decks = await createExampleProject(fileSystem, name, fetchExampleDeck);
        await refreshProjects();
        await loadProject(name);
        const problem = deckSeedProblem(name, decks);
        set({ notice: problem === null ? { tone: 'info', message: `Restored the pitch-deck example as "${name}".` } : { tone: 'error', message: problem } });
      } catch (error) {
        reportError(error, `Could not restore the example as "${name}"`);
      }
    },

    requestDeleteProject: async (name) => {
      const confirmed = await askConfirm({
        title: 'Delete project',
        message: `Delete the project "${name}" and all of its files? This cannot be undone.`,
        confirmLabel: 'Delete project',
        danger: true,
      });
      if (!confirmed) return;
      try {
        const isCurrent = get().currentProject === name;
        if (isCurrent) {
          clearTimeout(saveTimer);
          set({ buffers: {}, currentProject: null, tree: [], openPath: null, openView: null, diagnostics: [] });
        }
        await projectCatalog.remove(requireFileSystem(), name);
        forgetUnsaved(name);
        sessionMemory.setLastFile(name, null);
        const projects = await refreshProjects();
        if (isCurrent) {
          const next = projects[0];
          if (next !== undefined) await loadProject(next);
          else sessionMemory.setLastProject(null);
        }
      } catch (error) {
        reportError(error, `Could not delete project "${name}"`);
      }
    },

    openFile: async (path) => {
      const project = requireProject();
      set({ selectedPath: path, expanded: expandAncestors(path) });
      if (get().buffers[path] !== undefined) {
        set({ openPath: path, openView: { kind: 'text' } });
        sessionMemory.setLastFile(project, path);
        return;
      }
      try {
        const bytes = await requireFileSystem().readFile(absolutePath(project, path));
        if (get().currentProject !== project) return;
        const kind = fileViewKind(path, bytes);
        if (kind === 'text') {
          const text = decodeUtf8Strict(bytes, path);
          set((state) => ({
            buffers: { ...state.buffers, [path]: state.buffers[path] ?? { text, savedText: text } },
            openPath: path,
            openView: { kind: 'text' },
          }));
        } else {
          set({ openPath: path, openView: { kind, bytes, size: bytes.byteLength, mimeType: mimeTypeForPath(path) } });
        }
        sessionMemory.setLastFile(project, path);
      } catch (error) {
        reportError(error, `Could not open "${path}"`);
      }
    },

    editText: (path, text) => {
      const project = get().currentProject;
      const buffer = get().buffers[path];
      if (project === null || buffer === undefined || buffer.text === text) return;
      // Journal first: it is synchronous, so even an immediate reload keeps this keystroke.
      if (text === buffer.savedText) clearUnsaved(project, path);
      else recordUnsaved(project, path, text);
      set((state) => ({ buffers: { ...state.buffers, [path]: { ...buffer, text } } }));
      scheduleSave();
      if (isAnalyzedPath(path)) scheduleAnalysis();
    },

    saveNow: async () => {
      clearTimeout(saveTimer);
      saveChain = saveChain.then(writeDirtyBuffers, writeDirtyBuffers);
      await saveChain;
    },

    toggleFolder: (path) => set((state) => ({ expanded: { ...state.expanded, [path]: !state.expanded[path] } })),
    setFolderExpanded: (path, expanded) => set((state) => ({ expanded: { ...state.expanded, [path]: expanded } })),
    select: (path) => set({ selectedPath: path }),

    requestCreateFile: async (folder) => {
      const name = await askText({
        title: 'New file',
        label: `File name${folder === '' ? '' : ` in ${folder}`}`,
        initialValue: freeName(folder, 'new.worker'),
        confirmLabel: 'Create file',
        validate: (value) => fileNameProblem(value) ?? (findNode(get().tree, relativeJoin(folder, value)) ? `"${value}" already exists.` : null),
      });
      if (name === null) return;
      const path = relativeJoin(folder, name);
      try {
        if (await pathExists(path)) throw new Error(`"${path}" already exists`);
        const text = name.endsWith('.worker') ? workerFileTemplate(name) : '';
        await requireFileSystem().writeFile(absolutePath(requireProject(), path), text);
        set((state) => ({ buffers: { ...state.buffers, [path]: { text, savedText: text } } }));
        await refreshTree();
        if (isAnalyzedPath(path)) runAnalysis();
        await get().openFile(path);
      } catch (error) {
        reportError(error, `Could not create "${path}"`);
      }
    },

    requestCreateFolder: async (folder) => {
      const name = await askText({
        title: 'New folder',
        label: `Folder name${folder === '' ? '' : ` in ${folder}`}`,
        initialValue: freeName(folder, 'new-folder'),
        confirmLabel: 'Create folder',
        validate: (value) => fileNameProblem(value) ?? (findNode(get().tree, relativeJoin(folder, value)) ? `"${value}" already exists.` : null),
      });
      if (name === null) return;
      const path = relativeJoin(folder, name);
      try {
        if (await pathExists(path)) throw new Error(`"${path}" already exists`);
        await requireFileSystem().mkdir(absolutePath(requireProject(), path));
        await refreshTree();
        set({ expanded: { ...expandAncestors(path), [path]: true }, selectedPath: path });
      } catch (error) {
        reportError(error, `Could not create folder "${path}"`);
      }
    },

    requestRename: async (path) => {
      const oldName = relativeBaseName(path);
      const folder = relativeParent(path);
      const name = await askText({
        title: 'Rename',
        label: `New name for "${oldName}"`,
        initialValue: oldName,
        confirmLabel: 'Rename',
        validate: (value) =>
          fileNameProblem(value) ?? (value !== oldName && findNode(get().tree, relativeJoin(folder, value)) ? `"${value}" already exists.` : null),
      });
      if (name === null || name === oldName) return;
      await relocate(path, relativeJoin(folder, name));
    },

    requestMove: async (path) => {
      const node = findNode(get().tree, path);
      if (node === null) return;
      const currentFolder = relativeParent(path);
      const folders = ['', ...treeFolders(get().tree)].filter(
        (folder) => folder !== currentFolder && !(node.kind === 'directory' && isWithin(folder, path)),
      );
      if (folders.length === 0) {
        set({ notice: { tone: 'info', message: `There is no other folder to move "${node.name}" to.` } });
        return;
      }
      const choice = await askChoice({
        title: `Move "${node.name}"`,
        message: 'Choose the destination folder.',
        choices: [
          ...folders.map((folder) => ({ id: `folder:${folder}`, label: folder === '' ? '/ (project root)' : `/${folder}` })),
          { id: 'cancel', label: 'Cancel' },
        ],
      });
      if (choice === null || !choice.startsWith('folder:')) return;
      await get().movePath(path, choice.slice('folder:'.length));
    },

    movePath: async (path, targetFolder) => {
      if (relativeParent(path) === targetFolder) return;
      if (isWithin(targetFolder, path) && targetFolder !== '') {
        set({ notice: { tone: 'error', message: `Cannot move "${path}" into itself.` } });
        return;
      }
      await relocate(path, relativeJoin(targetFolder, relativeBaseName(path)));
    },

    requestDelete: async (path) => {
      const node = findNode(get().tree, path);
      if (node === null) return;
      const confirmed = await askConfirm({
        title: node.kind === 'directory' ? 'Delete folder' : 'Delete file',
        message:
          node.kind === 'directory'
            ? `Delete the folder "${path}" and everything in it? This cannot be undone.`
            : `Delete "${path}"? This cannot be undone.`,
        confirmLabel: 'Delete',
        danger: true,
      });
      if (!confirmed) return;
      const project = requireProject();
      try {
        await requireFileSystem().remove(absolutePath(project, path));
        forgetUnsaved(project, path);
        set((state) => {
          const buffers: Record<string, TextBuffer> = {};
          for (const [bufferPath, buffer] of Object.entries(state.buffers)) {
            if (!isWithin(bufferPath, path)) buffers[bufferPath] = buffer;
          }
          const closesOpenFile = state.openPath !== null && isWithin(state.openPath, path);
          return {
            buffers,
            openPath: closesOpenFile ? null : state.openPath,
            openView: closesOpenFile ? null : state.openView,
            selectedPath: state.selectedPath !== null && isWithin(state.selectedPath, path) ? null : state.selectedPath,
          };
        });
        if (get().openPath === null) sessionMemory.setLastFile(project, null);
        await refreshTree();
        runAnalysis();
      } catch (error) {
        reportError(error, `Could not delete "${path}"`);
      }
    },

    uploadFiles: async (files, folder) => {
      if (files.length === 0) return;
      let lastWritten: string | null = null;
      try {
        const project = requireProject();
        const entries = await requireFileSystem().readDirectory(absolutePath(project, folder));
        const siblings = new Set(entries.map((entry) => entry.name));
        for (const file of files) {
          const written = await writeUpload(file, folder, siblings);
          if (written !== null) lastWritten = written;
        }
      } catch (error) {
        reportError(error, 'Upload failed');
      }
      try {
        await refreshTree();
      } catch (error) {
        reportError(error, 'Could not refresh the file tree');
      }
      runAnalysis();
      if (lastWritten !== null) {
        if (get().openPath === lastWritten) set({ openPath: null, openView: null });
        await get().openFile(lastWritten);
      }
    },

    downloadFile: async (path) => {
      try {
        const project = requireProject();
        const buffer = get().buffers[path];
        const bytes = buffer !== undefined ? new TextEncoder().encode(buffer.text) : await requireFileSystem().readFile(absolutePath(project, path));
        downloadBytes(bytes, relativeBaseName(path), mimeTypeForPath(path));
      } catch (error) {
        reportError(error, `Could not download "${path}"`);
      }
    },

    revealProblem: async (diagnostic) => {
      if (get().openPath !== diagnostic.file) await get().openFile(diagnostic.file);
      if (get().openPath !== diagnostic.file) return;
      revealCounter += 1;
      set({ revealRequest: { path: diagnostic.file, line: diagnostic.line, column: diagnostic.column, nonce: revealCounter } });
    },

    dismissNotice: () => set({ notice: null }),

    reloadFromStorage: async (changedPaths = []) => {
      const { fileSystem, currentProject: project } = get();
      if (fileSystem === null || project === null) return;
      try {
        const tree = await readProjectTree(fileSystem, absolutePath(project, ''));
        const files = new Set(treeFiles(tree).map((file) => file.path));
        const changed = new Set(changedPaths);
        const before = get().buffers;
        const reloaded: Record<string, TextBuffer> = {};
        for (const path of files) {
          const buffer = before[path];
          const wanted = (buffer === undefined && isAnalyzedPath(path)) || (buffer !== undefined && changed.has(path) && buffer.text === buffer.savedText);
          if (!wanted) continue;
          try {
            const text = await fileSystem.readText(absolutePath(project, path));
            reloaded[path] = { text, savedText: text };
          } catch {
            // Not text: the tree shows it and the viewer reads it when opened.
          }
        }
        set((state) => {
          if (state.currentProject !== project) return {};
          const buffers: Record<string, TextBuffer> = {};
          for (const [path, buffer] of Object.entries(state.buffers)) {
            // A file that vanished keeps its buffer only while it holds unsaved typing.
            if (files.has(path) || buffer.text !== buffer.savedText) buffers[path] = buffer;
          }
          for (const [path, buffer] of Object.entries(reloaded)) {
            const now = buffers[path];
            // Typing that happened while we read wins.
            if (now === undefined || now.text === now.savedText) buffers[path] = buffer;
          }
          const openGone = state.openPath !== null && !files.has(state.openPath) && buffers[state.openPath] === undefined;
          const openChanged = state.openPath !== null && changed.has(state.openPath) && state.openView?.kind !== 'text';
          return {
            tree,
            buffers,
            ...(openGone ? { openPath: null, openView: null } : {}),
            ...(openChanged ? { openView: null } : {}),
          };
        });
        runAnalysis();
        // A binary file that changed under the viewer is read again.
        const openPath = get().openPath;
        if (openPath !== null && get().openView === null) await get().openFile(openPath);
      } catch (error) {
        reportError(error, 'Could not reload the project from storage');
      }
    },
  };

  async function startWorkspace(injected: FileSystem | undefined): Promise<void> {
    try {
      const { fileSystem, storageProblem } = injected === undefined ? await openBrowserFileSystem() : { fileSystem: injected, storageProblem: null };
      set({ fileSystem, storageProblem });
      let projects = await refreshProjects();
      let deckProblem: string | null = null;
      if (projects.length === 0) {
        // A deck that cannot be fetched leaves the example without it, and says so.
        deckProblem = deckSeedProblem(EXAMPLE_PROJECT_NAME, await createExampleProject(fileSystem, EXAMPLE_PROJECT_NAME, fetchExampleDeck));
        projects = await refreshProjects();
      }
      const remembered = sessionMemory.lastProject();
      const initial = projects.find((name) => name === remembered) ?? projects[0];
      if (initial !== undefined) await loadProject(initial);
      set({ phase: 'ready', ...(deckProblem === null ? {} : { notice: { tone: 'error' as const, message: deckProblem } }) });
    } catch (error) {
      set({ phase: 'failed', startupError: describeError(error), storageProblem: storageProblemFor(error) });
    }
  }

  /** Rename and move are the same operation: a new path for a file or a folder. */
  async function relocate(from: string, to: string): Promise<void> {
    const project = requireProject();
    try {
      if (await pathExists(to)) throw new Error(`"${to}" already exists`);
      await get().saveNow();
      await requireFileSystem().rename(absolutePath(project, from), absolutePath(project, to));
      rebaseState(from, to);
      await refreshTree();
      // A file renamed to or from ".worker" enters or leaves analysis.
      const buffers = { ...get().buffers };
      for (const file of treeFiles(get().tree)) {
        if (isAnalyzedPath(file.path) && buffers[file.path] === undefined) {
          try {
            const text = await requireFileSystem().readText(absolutePath(project, file.path));
            buffers[file.path] = { text, savedText: text };
          } catch (error) {
            if (!isVfsError(error)) throw error;
          }
        }
      }
      set({ buffers, expanded: expandAncestors(to), selectedPath: to });
      runAnalysis();
    } catch (error) {
      reportError(error, `Could not move "${from}" to "${to}"`);
    }
  }
});
