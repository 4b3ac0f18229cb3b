import { MANIFEST_FILE_NAME } from '@/lib/project/manifest-schema';
import { listProjects } from '@/lib/project/projects';
import { planImport, type ImportPlan } from '@/lib/share/import-plan';
import { isBinaryFile } from '@/lib/share/file-kind';
import { writeImportedProject } from '@/lib/share/read-project-files';
import { historyFor } from './history-store';
import type { ShareError, ShareImportResult } from '@/lib/share/share-result';
import { isVfsError, type FileSystem } from '@/lib/vfs/file-system';
import { encodeUtf8 } from '@/lib/vfs/utf8';

/**
 * The import half of sharing, over a FileSystem and without React, so the
 * rules (preview first, new project only, never overwrite) are unit-tested in
 * Node and the dialog only renders what this returns.
 */

export type ImportSource = 'link' | 'zip';

export interface PreviewFile {
  path: string;
  bytes: number;
  binary: boolean;
}

export interface ImportPreview {
  source: ImportSource;
  /** The name the sender gave the project, untrusted: always rendered as text. */
  sharedName: string;
  plan: ImportPlan;
  files: PreviewFile[];
  /** True when the shared project.json asked for approve_all and will arrive with prompt. */
  approvalDowngraded: boolean;
}

export type PreviewResult = { ok: true; preview: ImportPreview } | { ok: false; error: ShareError };

/** Turns a decoded link or zip into what the preview dialog shows; nothing is written. */
export async function previewImport(fileSystem: FileSystem, source: ImportSource, decoded: ShareImportResult): Promise<PreviewResult> {
  if (!decoded.ok) return decoded;
  const existing = (await listProjects(fileSystem)).map((project) => project.name);
  const plan = planImport(decoded.project, existing);
  const files = plan.files
    .map((file) => ({
      path: file.path,
      bytes: typeof file.data === 'string' ? encodeUtf8(file.data).length : file.data.length,
      binary: isBinaryFile(file.path, file.data),
    }))
    .sort((left, right) => left.path.localeCompare(right.path));
  const manifestBefore = decoded.project.files.find((file) => file.path === MANIFEST_FILE_NAME);
  const manifestAfter = plan.files.find((file) => file.path === MANIFEST_FILE_NAME);
  const approvalDowngraded = manifestBefore !== undefined && manifestAfter?.data !== manifestBefore.data;
  return { ok: true, preview: { source, sharedName: decoded.project.name, plan, files, approvalDowngraded } };
}

/**
 * History starts at the import: its first commit is the project exactly as it
 * arrived, so every later run and edit can be undone back to it. A history that
 * cannot be written does not undo the import (it starts later, lazily).
 */
async function startImportedHistory(fileSystem: FileSystem, project: string, source: ImportSource): Promise<void> {
  await historyFor(fileSystem, project)
    .ensure(source === 'link' ? 'Imported from a share link' : 'Imported from a zip')
    .catch(() => undefined);
}

/**
 * Writes the previewed project as a new one and returns its name. When the
 * planned name was taken meanwhile (another tab, a second import), a fresh free
 * name is planned and the write retried: an import never lands in an existing
 * project.
 */
export async function commitImport(fileSystem: FileSystem, preview: ImportPreview): Promise<string> {
  let plan = preview.plan;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const name = (await writeImportedProject(fileSystem, plan)).name;
      await startImportedHistory(fileSystem, name, preview.source);
      return name;
    } catch (error) {
      if (!isVfsError(error, 'EEXIST')) throw error;
      const existing = (await listProjects(fileSystem)).map((project) => project.name);
      plan = { ...plan, projectName: planImport({ name: preview.sharedName, files: plan.files }, existing).projectName };
    }
  }
  throw new Error('Could not find a free project name for the import.');
}
