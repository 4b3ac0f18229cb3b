import type { FileSystem } from '@/lib/vfs/file-system';
import { createProject, deleteProject, freeProjectName, listProjects, validateProjectName } from '@/lib/project/projects';
import { forgetHistory } from '@/lib/history/forget-history';
import { blankProjectFiles } from './blank-project';

/** The project operations the workspace needs, over lib/project. */
export const projectCatalog = {
  list: async (fileSystem: FileSystem): Promise<string[]> => (await listProjects(fileSystem)).map((project) => project.name),
  createBlank: async (fileSystem: FileSystem, name: string): Promise<void> => {
    await createProject(fileSystem, name, blankProjectFiles(name));
  },
  remove: async (fileSystem: FileSystem, name: string): Promise<void> => {
    await deleteProject(fileSystem, name);
    await forgetHistory(fileSystem, name);
  },
  freeName: (existing: Iterable<string>, base: string): string => freeProjectName(base, existing),
  nameProblem: (name: string): string | null => {
    const check = validateProjectName(name);
    return check.valid ? null : (check.message ?? 'Invalid project name.');
  },
};
