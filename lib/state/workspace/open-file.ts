import { mimeTypeForPath } from '@/lib/vfs/mime-type';
import { decodeProjectText } from '@/lib/vfs/utf8';
import { fileViewKind } from './file-view-kind';
import { absolutePath } from './project-folders';
import { lastOpened } from './last-opened';
import { findNode } from './read-project-tree';
import type { WorkspaceContext } from './workspace-context';
import type { WorkspaceState } from './workspace-state';

/** Shows a file in the main pane: text goes into a buffer, anything else is kept as bytes. */
export function createOpenFileAction(context: WorkspaceContext): Pick<WorkspaceState, 'openFile'> {
  const { set, get } = context;
  // Reading a large file takes a while; a file clicked meanwhile must not be replaced when the read ends.
  let latestRequest = 0;
  return {
    openFile: async (path, options = {}) => {
      // A file of the example drawn from its manifest (no storage yet) that is not one of its
      // text files (a deck) opens once the start has stored it.
      // So does a file of the tree a reload drew from the browser's copy; one that storage no longer holds is not opened.
      if (get().fileSystem === null && get().currentProject !== null && !get().buffers.has(path)) {
        await get().start();
        if (findNode(get().tree, path) === null) return;
      }
      const project = context.requireProject();
      const behind = options.behindRunDocument === true ? { behindRunDocument: true } : {};
      latestRequest += 1;
      const request = latestRequest;
      // A reveal belongs to the click that asked for it; reopening the file later must not jump (and take the focus) again.
      // revealProblem opens the file first and asks for its reveal after.
      set(options.keepTreeView === true ? { revealRequest: null } : { selectedPath: path, expanded: context.expandAncestors(path), revealRequest: null });
      if (get().buffers.has(path)) {
        set({ openPath: path, openView: { kind: 'text', ...behind } });
        lastOpened.setLastFile(project, path);
        return;
      }
      try {
        const bytes = await context.requireFileSystem().readFile(absolutePath(project, path));
        if (get().currentProject !== project || request !== latestRequest) return;
        const kind = fileViewKind(path, bytes);
        if (kind === 'text') {
          const text = decodeProjectText(bytes, path);
          set((state) => ({
            buffers: state.buffers.has(path) ? state.buffers : new Map(state.buffers).set(path, { text, savedText: text }),
            openPath: path,
            openView: { kind: 'text', ...behind },
          }));
        } else {
          set({ openPath: path, openView: { kind, bytes, size: bytes.byteLength, mimeType: mimeTypeForPath(path), ...behind } });
        }
        lastOpened.setLastFile(project, path);
      } catch (error) {
        context.reportError(error, `Could not open "${path}"`);
      }
    },
  };
}
