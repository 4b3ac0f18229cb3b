import { downloadBytes } from '../ui/download-bytes';
import { absolutePath, relativeBaseName } from './project-folders';
import type { WorkspaceContext } from './workspace-context';
import type { WorkspaceState } from './workspace-state';

/** Saves a project file to the user's disk; a text buffer is downloaded as typed, unsaved edits included. */
export function createDownloadAction(context: WorkspaceContext): Pick<WorkspaceState, 'downloadFile'> {
  return {
    downloadFile: async (path) => {
      try {
        const project = context.requireProject();
        const buffer = context.get().buffers.get(path);
        const bytes =
          buffer !== undefined ? new TextEncoder().encode(buffer.text) : await context.requireFileSystem().readFile(absolutePath(project, path));
        // Untyped: should a browser ignore `download`, it saves the file rather than render an .html or .svg as our origin.
        downloadBytes(bytes, relativeBaseName(path), 'application/octet-stream');
      } catch (error) {
        context.reportError(error, `Could not download "${path}"`);
      }
    },
  };
}
