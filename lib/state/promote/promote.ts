import { defaultPromotionPath, promoteWorker } from '@/lib/project/promote-worker';
import { MANIFEST_FILE_NAME } from '@/lib/project/manifest-schema';
import { isInFolder, normalizeProjectPath } from '@/lib/project/project-paths';
import { parseWorkerFile } from '@/lib/worker/parse-worker-file';
import { askText } from '../ui/dialog-store';
import { generatedFolderOfBuffers } from './generated-workers';
import { isPromotablePath } from './generated-paths';
import { relativeBaseName } from '../workspace/project-folders';
import { findNode } from '../workspace/read-project-tree';
import { projectSandbox } from '../run/run-platform';
import { useRunStore } from '../run/run-store';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * The Promote command of the file tree: asks where a generated worker should
 * live (default "<name>.worker" at the root), moves it there with
 * promoteWorker (which never overwrites and refuses a taken name), then shows
 * the result — tree, diagnostics and the run panel's worker list — and opens
 * the promoted file. Every refusal is shown as it is, nothing half done.
 */

function notify(tone: 'error' | 'info', message: string): void {
  useWorkspaceStore.setState({ notice: { tone, message } });
}


/** The problem with a typed destination, checked as the person types; null when it can be tried. */
export function promotionDestinationProblem(value: string, generated: string | null, exists: (path: string) => boolean): string | null {
  const path = normalizeProjectPath(value.trim());
  if (path === null || path === '') return 'Type a path inside the project, e.g. "evaluator.worker".';
  if (!path.endsWith('.worker')) return 'The destination must end in ".worker".';
  if (generated !== null && isInFolder(path, generated)) return `Choose a place outside ${generated}/: workers there are not discovered.`;
  if (exists(path)) return `"${path}" already exists; nothing is overwritten, so choose another destination.`;
  return null;
}

export async function requestPromoteWorker(path: string): Promise<void> {
  const workspace = useWorkspaceStore.getState();
  const { fileSystem, currentProject: project } = workspace;
  if (fileSystem === null || project === null) return;
  const generated = generatedFolderOfBuffers(workspace.buffers);
  if (!isPromotablePath(path, generated)) {
    notify('error', generated === null ? 'This project has no generated_workers_dir, so it has no generated workers to promote.' : `Only worker files in ${generated}/ can be promoted; "${path}" is not one.`);
    return;
  }
  // Edits typed into the generated file go with it.
  await workspace.saveNow();
  const sandbox = projectSandbox(fileSystem, project);
  let name = relativeBaseName(path).replace(/\.worker$/, '');
  try {
    const text = useWorkspaceStore.getState().buffers.get(path)?.text ?? (await sandbox.readText(path));
    name = parseWorkerFile(text, path).definition?.name ?? name;
  } catch {
    // promoteWorker reads the file again and reports what is wrong with it.
  }

  const destination = await askText({
    title: `Promote "${name}"`,
    label: `Move ${path} into the project, as a worker found on every run, at`,
    initialValue: defaultPromotionPath(name),
    confirmLabel: 'Promote',
    validate: (value) => promotionDestinationProblem(value, generated, (candidate) => findNode(useWorkspaceStore.getState().tree, candidate) !== null),
  });
  if (destination === null) return;
  if (useWorkspaceStore.getState().currentProject !== project) return;

  try {
    const result = await promoteWorker(sandbox, { from: path, to: destination.trim() });
    await useWorkspaceStore.getState().reloadFromStorage([result.from, result.to, MANIFEST_FILE_NAME]);
    await useWorkspaceStore.getState().openFile(result.to);
    notify(
      'info',
      `Promoted "${result.name}" to ${result.to}${result.manifestUpdated ? ' and added it to worker_files in project.json' : ''}: it is now a project worker.`,
    );
  } catch (error) {
    notify('error', `Could not promote ${path}: ${errorMessage(error)}`);
    await useWorkspaceStore.getState().reloadFromStorage([path]);
  }
  // The run panel's worker list follows at once, not on its next refresh.
  await useRunStore.getState().refreshProjectInfo();
}
