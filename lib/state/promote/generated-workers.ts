import { MANIFEST_FILE_NAME } from '@/lib/project/manifest-schema';
import { parseManifest } from '@/lib/project/parse-manifest';
import { normalizeProjectPath } from '@/lib/project/project-paths';
import type { TextBuffer } from '../workspace/workspace-types';

/**
 * Which files of the tree a run generated: everything inside project.json's
 * `generated_workers_dir`. Workers there belong to the session that created
 * them and are not discovered, so the tree marks them and offers promotion.
 * Read from the manifest's in-memory text, so the mark follows edits at once.
 */

/** The canonical generated folder ("generated"), or null when the project has none (or names the root). */
export function generatedFolder(manifestText: string | undefined): string | null {
  if (manifestText === undefined) return null;
  let configured: string | undefined;
  try {
    configured = parseManifest(manifestText).manifest.generated_workers_dir;
  } catch {
    return null;
  }
  if (configured === undefined) return null;
  const folder = normalizeProjectPath(configured);
  // The root as "generated" would mark every file; promotion refuses it too.
  return folder === null || folder === '' ? null : folder;
}

export function generatedFolderOfBuffers(buffers: ReadonlyMap<string, TextBuffer>): string | null {
  return generatedFolder(buffers.get(MANIFEST_FILE_NAME)?.text);
}
