import { isInFolder } from '@/lib/project/project-paths';

/** Which tree paths are generated workers, given the generated folder (workspace state `generatedFolder`). */

/** A file or folder below the generated folder (the folder itself is not "generated"). */
export function isGeneratedPath(path: string, folder: string | null): boolean {
  return folder !== null && path !== folder && isInFolder(path, folder);
}

/** A generated worker file: what the Promote action applies to. */
export function isPromotablePath(path: string, folder: string | null): boolean {
  return isGeneratedPath(path, folder) && path.endsWith('.worker');
}
