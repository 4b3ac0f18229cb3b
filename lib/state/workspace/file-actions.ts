import { askChoice, askConfirm, askText } from '../ui/dialog-store';
import { keepBothName } from './keep-both-name';
import { folderOf, isInFolder } from '@/lib/project/project-paths';
import { absolutePath, fileNameProblem, relativeBaseName, relativeJoin } from './project-folders';
import { findNode, treeFolders } from './read-project-tree';
import { lastOpened } from './last-opened';
import { forgetUnsaved } from './unsaved-journal';
import { workerFileTemplate } from './worker-file-template';
import type { TextBuffer } from './workspace-types';
import type { Analysis } from './diagnostics';
import type { Relocate } from './relocate';
import type { WorkspaceContext } from './workspace-context';
import type { WorkspaceState } from './workspace-state';

type FileActions = Pick<
  WorkspaceState,
  'requestCreateFile' | 'requestCreateFolder' | 'requestRename' | 'requestMove' | 'movePath' | 'requestDelete'
>;

/** The file tree's commands: create, rename, move and delete files and folders. */
export function createFileActions(context: WorkspaceContext, analysis: Analysis, relocate: Relocate): FileActions {
  const { set, get } = context;

  const taken = (folder: string, name: string) => findNode(get().tree, relativeJoin(folder, name)) !== null;

  /** A default name for a new file or folder that does not clash with a sibling. */
  function freeName(folder: string, name: string): string {
    return taken(folder, name) ? keepBothName(name, (candidate) => taken(folder, candidate)) : name;
  }

  function newNameProblem(folder: string, name: string): string | null {
    return fileNameProblem(name) ?? (taken(folder, name) ? `"${name}" already exists.` : null);
  }

  return {
    requestCreateFile: async (folder) => {
      const name = await askText({
        title: 'New file',
        label: `File name${folder === '' ? '' : ` in ${folder}`}`,
        initialValue: freeName(folder, 'new.worker'),
        confirmLabel: 'Create file',
        validate: (value) => newNameProblem(folder, value),
      });
      if (name === null) return;
      const path = relativeJoin(folder, name);
      try {
        if (await context.pathExists(path)) throw new Error(`"${path}" already exists`);
        const text = name.endsWith('.worker') ? workerFileTemplate(name) : '';
        await context.requireFileSystem().writeFile(absolutePath(context.requireProject(), path), text);
        set((state) => ({ buffers: new Map(state.buffers).set(path, { text, savedText: text }) }));
        await context.refreshTree();
        if (analysis.concerns(path)) await analysis.runAnalysis();
        await get().openFile(path);
      } catch (error) {
        context.reportError(error, `Could not create "${path}"`);
      }
    },

    requestCreateFolder: async (folder) => {
      const name = await askText({
        title: 'New folder',
        label: `Folder name${folder === '' ? '' : ` in ${folder}`}`,
        initialValue: freeName(folder, 'new-folder'),
        confirmLabel: 'Create folder',
        validate: (value) => newNameProblem(folder, value),
      });
      if (name === null) return;
      const path = relativeJoin(folder, name);
      try {
        if (await context.pathExists(path)) throw new Error(`"${path}" already exists`);
        await context.requireFileSystem().mkdir(absolutePath(context.requireProject(), path));
        await context.refreshTree();
        set({ expanded: new Set(context.expandAncestors(path)).add(path), selectedPath: path });
      } catch (error) {
        context.reportError(error, `Could not create folder "${path}"`);
      }
    },

    requestRename: async (path) => {
      const oldName = relativeBaseName(path);
      const folder = folderOf(path);
      const name = await askText({
        title: 'Rename',
        label: `New name for "${oldName}"`,
        initialValue: oldName,
        confirmLabel: 'Rename',
        validate: (value) => (value === oldName ? fileNameProblem(value) : newNameProblem(folder, value)),
      });
      if (name === null || name === oldName) return;
      await relocate(path, relativeJoin(folder, name));
    },

    requestMove: async (path) => {
      const node = findNode(get().tree, path);
      if (node === null) return;
      const currentFolder = folderOf(path);
      const folders = ['', ...treeFolders(get().tree)].filter(
        (folder) => folder !== currentFolder && !(node.kind === 'directory' && isInFolder(folder, path)),
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
      if (folderOf(path) === targetFolder) return;
      if (isInFolder(targetFolder, path) && targetFolder !== '') {
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
      const project = context.requireProject();
      try {
        await context.requireFileSystem().remove(absolutePath(project, path));
        forgetUnsaved(project, path);
        set((state) => {
          const buffers = new Map<string, TextBuffer>();
          for (const [bufferPath, buffer] of state.buffers) {
            if (!isInFolder(bufferPath, path)) buffers.set(bufferPath, buffer);
          }
          const closesOpenFile = state.openPath !== null && isInFolder(state.openPath, path);
          return {
            buffers,
            openPath: closesOpenFile ? null : state.openPath,
            openView: closesOpenFile ? null : state.openView,
            selectedPath: state.selectedPath !== null && isInFolder(state.selectedPath, path) ? null : state.selectedPath,
          };
        });
        if (get().openPath === null) lastOpened.setLastFile(project, null);
        await context.refreshTree();
        await analysis.runAnalysis();
      } catch (error) {
        context.reportError(error, `Could not delete "${path}"`);
      }
    },
  };
}
