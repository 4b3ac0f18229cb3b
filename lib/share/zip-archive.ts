import { zipSync, type Zippable } from 'fflate';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { isBinaryExtension, isTextExtension, looksLikeText } from './file-kind';
import { checkSharedProject } from './project-checks';
import { MAX_DECOMPRESSED_BYTES, MAX_FILES } from './share-limits';
import { quoteForMessage, shareFailure, type SharedFile, type SharedProject, type ShareImportResult } from './share-result';
import { readZipEntries, readZipEntryData, type ZipProblem } from './zip-entries';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * Project <-> .zip, for projects too large for a link and for people who keep
 * projects on disk. Export puts the files in one folder named after the
 * project, as people expect when they unpack it; import accepts that layout,
 * a flat one, and zips made by Finder or Explorer, and runs the same checks as
 * a link import.
 */

/** Archive entries per file allowed in the directory (folders, "__MACOSX" shadows) before we stop reading it. */
const MAX_ZIP_ENTRIES = MAX_FILES * 4;

/** Characters Windows refuses in names, plus controls: the export folder must unpack everywhere. */
// eslint-disable-next-line no-control-regex
const UNSAFE_FOLDER_CHARACTERS = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;

/** The folder the export puts files in: the project name made safe for any disk. */
export function zipFolderName(projectName: string): string {
  const cleaned = projectName.replace(UNSAFE_FOLDER_CHARACTERS, '-').replace(/^[.\s-]+|[.\s-]+$/g, '').slice(0, 100);
  return cleaned === '' ? 'project' : cleaned;
}

export interface ExportZipOptions {
  /** Modification time stored for every entry; tests pass a fixed one for byte-identical output. */
  modifiedAt?: Date;
}

export function exportProjectZip(project: SharedProject, options: ExportZipOptions = {}): Uint8Array {
  const folder = zipFolderName(project.name);
  const entries: Zippable = {};
  for (const file of project.files) {
    const bytes = typeof file.data === 'string' ? encodeUtf8(file.data) : file.data;
    // PDFs and images are compressed already; deflating them again costs time for nothing.
    const level = isBinaryExtension(file.path) ? 0 : 6;
    entries[`${folder}/${file.path}`] = [bytes, { level, mtime: options.modifiedAt }];
  }
  return zipSync(entries);
}

export interface ImportZipOptions {
  /** Name to use when the archive has no single top-level folder, e.g. the zip's file name without ".zip". */
  name?: string;
}

/** Finder and Explorer litter; never part of a project. */
function isSystemLitter(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return name.startsWith('__MACOSX/') || base === '.DS_Store' || base === 'Thumbs.db' || base === 'desktop.ini';
}

/** The one folder every file sits in ("demo/" in "demo/main.worker", "demo/input/a.pdf"), or null. */
function commonTopFolder(names: readonly string[]): string | null {
  let folder: string | null = null;
  for (const name of names) {
    const slash = name.indexOf('/');
    if (slash <= 0) return null;
    const first = name.slice(0, slash);
    if (folder === null) folder = first;
    else if (first !== folder) return null;
  }
  // Never strip "." or "..": an escaping entry must reach the path checks as it is.
  if (folder === null || folder === '.' || folder === '..' || folder.includes('\\')) return null;
  return folder;
}

function zipFailure(problem: ZipProblem) {
  const detail = `This .zip cannot be imported: ${problem.detail}.`;
  switch (problem.reason) {
    case 'too-large':
      return shareFailure('too-large', detail);
    case 'too-many-entries':
      return shareFailure('too-many-files', `${detail} At most ${MAX_FILES} files can be imported.`);
    case 'invalid-name':
      return shareFailure('invalid-path', detail);
    default:
      return shareFailure('corrupted', detail);
  }
}

/** Reads a project from a zip. Never throws; refuses before inflating whatever the directory already shows is wrong. */
export function importProjectZip(bytes: Uint8Array, options: ImportZipOptions = {}): ShareImportResult {
  try {
    return importUnsafe(bytes, options);
  } catch (error) {
    return shareFailure('corrupted', `This .zip could not be read (${errorMessage(error)}).`);
  }
}

function importUnsafe(bytes: Uint8Array, options: ImportZipOptions): ShareImportResult {
  const listed = readZipEntries(bytes, MAX_ZIP_ENTRIES);
  if (!listed.ok) return zipFailure(listed.problem);
  const fileEntries = listed.entries.filter((entry) => !entry.isDirectory && !isSystemLitter(entry.name));
  if (fileEntries.length > MAX_FILES) {
    return shareFailure('too-many-files', `The .zip holds ${fileEntries.length} files; at most ${MAX_FILES} can be imported.`);
  }

  const topFolder = commonTopFolder(fileEntries.map((entry) => entry.name));
  const name = topFolder ?? options.name ?? 'Imported project';
  const pathOf = (entryName: string) => (topFolder === null ? entryName : entryName.slice(topFolder.length + 1));

  // Paths, duplicates and declared sizes first: a hostile archive is refused before any inflation.
  const pathCheck = checkSharedProject(
    name,
    fileEntries.map((entry) => ({ path: pathOf(entry.name), data: new Uint8Array(0) })),
  );
  if (!pathCheck.ok) return pathCheck;
  const declaredTotal = fileEntries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declaredTotal > MAX_DECOMPRESSED_BYTES) {
    return shareFailure('too-large', `The .zip unpacks to more than the ${MAX_DECOMPRESSED_BYTES / (1024 * 1024)} MiB import limit.`);
  }

  const files: SharedFile[] = [];
  let budget = MAX_DECOMPRESSED_BYTES;
  for (const entry of fileEntries) {
    const read = readZipEntryData(bytes, entry, budget);
    if (!read.ok) return zipFailure(read.problem);
    budget -= read.data.length;
    const path = pathOf(entry.name);
    files.push({ path, data: toFileData(path, read.data) ?? read.data });
    if (isTextExtension(path) && typeof files[files.length - 1]!.data !== 'string') {
      return shareFailure('invalid-text', `The file ${quoteForMessage(path)} should be text but is not valid UTF-8.`);
    }
  }
  return checkSharedProject(name, files);
}

/** Text files become strings (BOM kept, so bytes round-trip); null when the bytes stay bytes. */
function toFileData(path: string, data: Uint8Array): string | null {
  if (isBinaryExtension(path)) return null;
  if (isTextExtension(path)) {
    try {
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(data);
    } catch {
      return null;
    }
  }
  return looksLikeText(data) ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(data) : null;
}
