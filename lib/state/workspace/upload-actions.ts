import { MAX_FILE_BYTES } from '@/lib/vfs/limits';
import { decodeProjectText } from '@/lib/vfs/utf8';
import { askChoice } from '../ui/dialog-store';
import { isAnalyzedPath } from './file-view-kind';
import { keepBothName } from './keep-both-name';
import { absolutePath, fileNameProblem, relativeJoin } from './project-folders';
import { findNode } from './read-project-tree';
import { tooLargeMessage } from './too-large-message';
import { clearUnsaved } from './unsaved-journal';
import type { Analysis } from './diagnostics';
import type { WorkspaceContext } from './workspace-context';
import type { WorkspaceState } from './workspace-state';

/** Files from the picker or a drop into a project folder; a name clash asks replace or keep both. */
export function createUploadActions(context: WorkspaceContext, analysis: Analysis): Pick<WorkspaceState, 'uploadFiles'> {
  const { set, get } = context;

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
    await context.requireFileSystem().writeFile(absolutePath(context.requireProject(), path), bytes);
    siblings.add(name);
    // A replaced text file gets its new content in memory too, so the editor shows what is stored.
    const previous = get().buffers.get(path);
    if (previous !== undefined || isAnalyzedPath(path)) {
      let text: string | null = null;
      try {
        text = decodeProjectText(bytes, path);
      } catch {
        text = null;
      }
      set((state) => {
        const buffers = new Map(state.buffers);
        if (text === null) buffers.delete(path);
        else buffers.set(path, { text, savedText: text });
        return { buffers };
      });
      clearUnsaved(context.requireProject(), path);
    }
    return path;
  }

  return {
    uploadFiles: async (files, folder) => {
      if (files.length === 0) return;
      let lastWritten: string | null = null;
      try {
        const project = context.requireProject();
        const entries = await context.requireFileSystem().readDirectory(absolutePath(project, folder));
        const siblings = new Set(entries.map((entry) => entry.name));
        for (const file of files) {
          const written = await writeUpload(file, folder, siblings);
          if (written !== null) lastWritten = written;
        }
      } catch (error) {
        context.reportError(error, 'Upload failed');
      }
      try {
        await context.refreshTree();
      } catch (error) {
        context.reportError(error, 'Could not refresh the file tree');
      }
      await analysis.runAnalysis();
      if (lastWritten !== null) {
        if (get().openPath === lastWritten) set({ openPath: null, openView: null });
        await get().openFile(lastWritten);
      }
    },
  };
}
