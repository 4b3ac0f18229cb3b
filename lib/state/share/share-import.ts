import { MANIFEST_FILE_NAME } from '@/lib/project/manifest-schema';
import { listProjects } from '@/lib/project/projects';
import { asksApproveAll, planImport, type ImportPlan } from '@/lib/share/import-plan';
import { isBinaryFile } from '@/lib/share/file-kind';
import { writeImportedProject } from '@/lib/share/read-project-files';
import { historyFor } from '../history/history-store';
import type { ShareError, ShareImportResult } from '@/lib/share/share-result';
import { isVfsError, type FileSystem } from '@/lib/vfs/file-system';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import type { RunRecord } from '@/lib/run-record/run-record';
import type { RunRecordResult } from '@/lib/run-record/run-record-codec';
import { browserRunArchive } from '../run-archive/archived-runs';
import { keepOpenedRun } from './keep-opened-run';
import { newIdSuffix } from './new-id-suffix';
import { distrustProject } from './trust-store';

/**
 * The import half of sharing, over a FileSystem and without React, so the
 * rules (preview first, new project only, never overwrite) are unit-tested in
 * Node and the dialog only renders what this returns.
 */

/** Where an import comes from: a project link or zip, or a run record (link or file) with its project. */
export type ImportSource = 'link' | 'zip' | 'folder' | 'drop' | 'run-link' | 'run-file';

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
  /** True when the shared project.json asks for approve_all (kept as written; it counts once the project is trusted). */
  asksApproveAll: boolean;
  /** A run record's run, kept with the new project and shown read-only in its Runs panel. */
  run?: RunRecord;
}

export type PreviewResult = { ok: true; preview: ImportPreview } | { ok: false; error: ShareError };

/** Turns a decoded link or zip into what the preview dialog shows; nothing is written. */
export interface PreviewImportOptions {
  fileSystem: FileSystem;
  source: ImportSource;
  decoded: ShareImportResult;
  /** The run a run record carries, kept with the new project. */
  run?: RunRecord;
}

export async function previewImport({ fileSystem, source, decoded, run }: PreviewImportOptions): Promise<PreviewResult> {
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
  const manifest = plan.files.find((file) => file.path === MANIFEST_FILE_NAME);
  const approveAll = manifest !== undefined && asksApproveAll(manifest.data);
  return { ok: true, preview: { source, sharedName: decoded.project.name, plan, files, asksApproveAll: approveAll, ...(run === undefined ? {} : { run }) } };
}

/**
 * History starts at the import: its first commit is the project exactly as it
 * arrived, so every later run and edit can be undone back to it. A history that
 * cannot be written does not undo the import (it starts later, lazily).
 */
const HISTORY_START_TITLES: Record<ImportSource, string> = {
  link: 'Imported from a share link',
  zip: 'Imported from a zip',
  folder: 'Imported from a folder',
  drop: 'Imported from files dropped on the page',
  'run-link': 'Opened from a run link (the project as the run started)',
  'run-file': 'Opened from a run record (the project as the run started)',
};

async function startImportedHistory(fileSystem: FileSystem, project: string, source: ImportSource): Promise<void> {
  await historyFor(fileSystem, project)
    .then((history) => history.ensure(HISTORY_START_TITLES[source]))
    .catch(() => undefined);
}

/**
 * Writes the previewed project as a new one and returns its name. When the
 * planned name was taken meanwhile (another tab, a second import), a fresh free
 * name is planned and the write retried: an import never lands in an existing
 * project.
 *
 * The one place every project made from a link, a zip or a run record (opened,
 * or copied for a Replay) is written, so the one place it is made untrusted:
 * whoever made the files, not this browser, chose their approvals, and a
 * name an earlier, trusted project had must not pass its trust on.
 */
export async function commitImport(fileSystem: FileSystem, preview: ImportPreview): Promise<{ project: string; runId: string | null }> {
  let plan = preview.plan;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const name = (await writeImportedProject(fileSystem, plan)).name;
      distrustProject(name);
      await startImportedHistory(fileSystem, name, preview.source);
      const runId = preview.run === undefined ? null : await keepRecordRun(name, preview.run);
      return { project: name, runId };
    } catch (error) {
      if (!isVfsError(error, 'EEXIST')) throw error;
      const existing = (await listProjects(fileSystem)).map((project) => project.name);
      plan = { ...plan, projectName: planImport({ name: preview.sharedName, files: plan.files }, existing).projectName };
    }
  }
  throw new Error('Could not find a free project name for the import.');
}

/** A run record (file or link) as an import: its project as the run started, and the run itself. */
export function runRecordImport(result: RunRecordResult): { decoded: ShareImportResult; run?: RunRecord } {
  if (!result.ok) return { decoded: { ok: false, error: { code: 'corrupted', message: result.message } } };
  const { record } = result;
  return { decoded: { ok: true, project: { name: record.projectName, files: record.projectAtStart.files } }, run: record };
}

/** The record's run, kept under the new project: its Runs panel shows it after the switch. */
async function keepRecordRun(project: string, record: RunRecord): Promise<string> {
  const archive = browserRunArchive();
  if (archive === null) throw new Error('runs cannot be kept in this browser (no IndexedDB), so the run could not be opened.');
  return keepOpenedRun({ archive, project, record, newSuffix: newIdSuffix });
}
