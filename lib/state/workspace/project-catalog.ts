import type { FileSystem } from '@/lib/vfs/file-system';
import { cleanUpInterruptedImports, createProject, deleteProject, freeProjectName, listProjects, validateProjectName } from '@/lib/project/projects';
import { forgetHistory } from '@/lib/history/forget-history';
import { blankProjectFiles } from './blank-project';
import { distrustProject, trustProject } from '../share/trust-store';

/** The project operations the workspace needs, over lib/project. */
export const projectCatalog = {
  list: async (fileSystem: FileSystem): Promise<string[]> => (await listProjects(fileSystem)).map((project) => project.name),
  createBlank: async (fileSystem: FileSystem, name: string): Promise<void> => {
    await createProject(fileSystem, name, blankProjectFiles(name));
    // Made here, by the person: its files are theirs.
    trustProject(name);
  },
  remove: async (fileSystem: FileSystem, name: string): Promise<void> => {
    await deleteProject(fileSystem, name);
    // A later project of the same name (an import) must not inherit the trust.
    distrustProject(name);
    await forgetHistory(fileSystem, name);
  },
  /** Storage left behind by imports a closed tab interrupted; never one another tab is still writing. */
  cleanUp: (fileSystem: FileSystem): Promise<string[]> => cleanUpInterruptedImports(fileSystem),
  freeName: (existing: Iterable<string>, base: string): string => freeProjectName(base, existing),
  nameProblem: (name: string): string | null => {
    const check = validateProjectName(name);
    return check.valid ? null : (check.message ?? 'Invalid project name.');
  },
};

/** The shipped example's name (the Runs panel offers its recorded run there). */
export { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project-name';
