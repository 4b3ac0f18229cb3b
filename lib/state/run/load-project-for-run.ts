import type { LoadedProject } from '@/lib/project/analyze-project';
import { discoverProject } from '@/lib/project/discover-project';
import type { FileSystem } from '@/lib/vfs/file-system';
import { projectSandbox } from './run-platform';

/** Reads the project as the runtime will see it: from storage, not from the editor. */
export function loadProjectForRun(fileSystem: FileSystem, project: string): Promise<LoadedProject> {
  return discoverProject(projectSandbox(fileSystem, project));
}
