import { joinPath } from '@/lib/vfs/path';
import { projectPath } from '@/lib/project/projects';

/**
 * Each project's repository: the work tree is the project folder, the git
 * directory sits beside the projects under /history/<name>. Keeping it out of
 * the project folder makes it invisible by construction to the file tree, the
 * workers' sandbox, discovery, share links and zips, which all read the project
 * folder only.
 */
export const HISTORY_ROOT = '/history';

export interface RepositoryLocation {
  /** The work tree: /projects/<name>. */
  dir: string;
  /** The git directory: /history/<name>. */
  gitdir: string;
}

export function repositoryOf(projectName: string): RepositoryLocation {
  return { dir: projectPath(projectName), gitdir: joinPath(HISTORY_ROOT, projectName) };
}
