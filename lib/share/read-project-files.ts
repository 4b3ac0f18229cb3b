import { createProject, projectPath, type ProjectSummary } from '@/lib/project/projects';
import type { FileSystem } from '@/lib/vfs/file-system';
import { joinPath } from '@/lib/vfs/path';
import { walkFiles } from '@/lib/vfs/walk-files';
import type { ImportPlan } from './import-plan';
import type { SharedFile, SharedProject } from './share-result';

/**
 * The bridge between the VFS and sharing: a stored project becomes the
 * `{ name, files }` the link and zip encoders take, and an import plan becomes
 * a new project through createProject, which refuses an existing name.
 */

/** Every file of a project as bytes (the encoders decide text or binary). Throws VfsError for a missing project. */
export async function readProjectFiles(fileSystem: FileSystem, projectName: string): Promise<SharedProject> {
  const root = projectPath(projectName);
  const walked = await walkFiles(fileSystem, root);
  const files: SharedFile[] = await Promise.all(
    walked.map(async (file) => ({ path: file.path, data: await fileSystem.readFile(joinPath(root, file.path)) })),
  );
  return { name: projectName, files };
}

/**
 * Writes a planned import as a new project. Never overwrites: when the name was
 * taken since the plan was made, createProject throws VfsError EEXIST and
 * nothing is written.
 */
export async function writeImportedProject(fileSystem: FileSystem, plan: ImportPlan): Promise<ProjectSummary> {
  return createProject(fileSystem, plan.projectName, plan.files);
}
