import type { FileSystem } from '@/lib/vfs/file-system';
import { repositoryOf } from './history-paths';

/** A deleted project's history goes with it, so a new project of the same name starts fresh. */
export async function forgetHistory(fileSystem: FileSystem, projectName: string): Promise<void> {
  const { gitdir } = repositoryOf(projectName);
  if ((await fileSystem.stat(gitdir)) !== null) await fileSystem.remove(gitdir);
}
