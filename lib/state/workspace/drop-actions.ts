import { describeDropProgress, IMPORT_LIMITS, readDroppedItems, type DroppedNode } from '@/lib/share/dropped-items';
import { checkSharedProject } from '@/lib/share/project-checks';
import { askChoice } from '../ui/dialog-store';
import { keepBothName } from './keep-both-name';
import { absolutePath, fileNameProblem, relativeJoin } from './project-folders';
import type { WorkspaceContext } from './workspace-context';
import type { WorkspaceState } from './workspace-state';

/**
 * Files and folders dropped from the desktop onto the file tree go into the open project, at the
 * folder they were dropped on, as VS Code does: every file keeps its path under what was dropped
 * and its bytes as they are. A dropped item whose name is taken there asks, as an upload does:
 * replace it (a folder is replaced whole) or keep both. What was dropped is read first, within an
 * import's limits, and checked as an import is; only then is anything written, so a drop that
 * cannot be read completely changes nothing. (Dropped anywhere else, a drop is a new project:
 * lib/state/share/share-store.ts.)
 */

/** How often, at most, the progress line is redrawn. */
const PROGRESS_INTERVAL_MS = 100;

type Placement = { node: DroppedNode; name: string; replace: boolean };

async function askPlacement(node: DroppedNode, folder: string, siblings: Set<string>): Promise<Placement | null> {
  if (!siblings.has(node.name)) return { node, name: node.name, replace: false };
  const what = node.kind === 'directory' ? 'A folder' : 'A file';
  const choice = await askChoice({
    title: `${node.kind === 'directory' ? 'Folder' : 'File'} already exists`,
    message: `${what} named "${node.name}" already exists in ${folder === '' ? 'the project root' : folder}. Replace it${node.kind === 'directory' ? ' and everything in it' : ''}, or keep both?`,
    choices: [
      { id: 'replace', label: 'Replace', tone: 'danger' },
      { id: 'keep-both', label: 'Keep both', tone: 'primary' },
      { id: 'cancel', label: 'Cancel' },
    ],
  });
  if (choice === null || choice === 'cancel') return null;
  if (choice === 'replace') return { node, name: node.name, replace: true };
  return { node, name: keepBothName(node.name, (candidate) => siblings.has(candidate)), replace: false };
}

/** The same node under another name (for "keep both"). */
function renamed(node: DroppedNode, name: string): DroppedNode {
  return { ...node, name };
}

export function createDropActions(context: WorkspaceContext): Pick<WorkspaceState, 'addDroppedItems'> {
  const { set, get } = context;

  function say(tone: 'info' | 'error', message: string): void {
    set({ notice: { tone, message } });
  }

  return {
    addDroppedItems: async (dropped, folder) => {
      try {
        const project = context.requireProject();
        const fileSystem = context.requireFileSystem();
        const roots = await dropped;
        if (roots.length === 0) return;
        for (const root of roots) {
          const problem = fileNameProblem(root.name);
          if (problem !== null) return say('error', `Cannot add "${root.name}": ${problem}`);
        }
        const siblings = new Set((await fileSystem.readDirectory(absolutePath(project, folder))).map((entry) => entry.name));
        const placements: Placement[] = [];
        for (const root of roots) {
          const placement = await askPlacement(root, folder, siblings);
          if (placement === null) return;
          siblings.add(placement.name);
          placements.push(placement);
        }

        let shown = 0;
        const result = await readDroppedItems(
          placements.map((placement) => renamed(placement.node, placement.name)),
          IMPORT_LIMITS,
          (progress) => {
            const now = Date.now();
            if (now - shown < PROGRESS_INTERVAL_MS) return;
            shown = now;
            say('info', describeDropProgress(progress));
          },
        );
        if (!result.ok) return say('error', result.message);
        // Checked as an imported project's paths are: no ".." or absolute path, no name a project cannot hold, no clash.
        const checked = checkSharedProject(project, result.files.map((file) => ({ path: relativeJoin(folder, file.path), data: file.data })));
        if (!checked.ok) return say('error', `Nothing was added: ${checked.error.message}`);

        for (const placement of placements) {
          if (placement.replace) await fileSystem.remove(absolutePath(project, relativeJoin(folder, placement.name)));
        }
        for (const file of checked.project.files) await fileSystem.writeFile(absolutePath(project, file.path), file.data);
        const count = checked.project.files.length;
        say('info', `Added ${count} file${count === 1 ? '' : 's'} to ${folder === '' ? 'the project root' : folder}, as they were.`);
        await get().reloadFromStorage(checked.project.files.map((file) => file.path));
        const last = placements.at(-1)!;
        const lastPath = relativeJoin(folder, last.name);
        // Files alone open the last one, as an upload does; a folder is shown in the tree, opened.
        if (placements.every((placement) => placement.node.kind === 'file')) {
          if (get().openPath === lastPath) set({ openPath: null, openView: null });
          await get().openFile(lastPath);
        } else {
          const expanded = new Set(context.expandAncestors(lastPath));
          for (const placement of placements) if (placement.node.kind === 'directory') expanded.add(relativeJoin(folder, placement.name));
          set({ expanded, selectedPath: lastPath });
        }
      } catch (error) {
        context.reportError(error, 'Could not add the dropped files');
      }
    },
  };
}
