import { formatBytes } from '@/lib/text/format-bytes';
import { errorMessage } from '@/lib/errors/error-message';
import { MAX_DECOMPRESSED_BYTES, MAX_FILES } from './share-limits';

/**
 * Files and folders dragged in from the desktop, read into `{path, data}` pairs that keep their
 * paths relative to what was dropped ("reports/q1/deck.pdf" when the folder "reports" was
 * dropped). The browser hands a drop over as FileSystemEntry or FileSystemHandle trees
 * (lib/state/share/drop-sources.ts adapts both to DroppedNode); this walks them within the limits of a
 * .zip import, so a drop can never hold more than an import may: at most MAX_FILES files and
 * MAX_DECOMPRESSED_BYTES bytes, refused while listing, before any content is read.
 *
 * Nothing is lost silently: a file or folder that cannot be read is named in the result, and the
 * drop is refused as a whole rather than arriving with holes.
 */

/** A file's content as the browser gives it (a File): its size is known before its bytes are read. */
export interface DroppedBlob {
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type DroppedNode =
  | { kind: 'file'; name: string; open(): Promise<DroppedBlob> }
  | { kind: 'directory'; name: string; list(): Promise<DroppedNode[]> };

export interface DroppedFileData {
  path: string;
  data: Uint8Array;
}

export type DropProgress = { phase: 'listing'; found: number } | { phase: 'reading'; read: number; total: number; bytesRead: number; bytesTotal: number };

export interface UnreadableEntry {
  path: string;
  reason: string;
}

export type DropReadResult =
  | { ok: true; files: DroppedFileData[] }
  | { ok: false; reason: 'too-many-files' | 'too-large' | 'unreadable' | 'empty'; message: string; unreadable: UnreadableEntry[] };

export interface DropLimits {
  maxFiles: number;
  maxBytes: number;
}

export const IMPORT_LIMITS: DropLimits = { maxFiles: MAX_FILES, maxBytes: MAX_DECOMPRESSED_BYTES };

/**
 * Folders are bounded too: a tree of empty folders holds no file and no byte, but each one costs
 * a directory read. Four per file is the allowance a .zip's directory gets.
 */
const FOLDERS_PER_FILE = 4;

/** How many unreadable entries a message names; the result lists them all. */
const NAMED_IN_MESSAGE = 5;

const UNREADABLE_PREFIX = 'could not be read';

interface Listed {
  path: string;
  blob: DroppedBlob;
}

class LimitExceeded extends Error {
  constructor(
    readonly reason: 'too-many-files' | 'too-large',
    message: string,
  ) {
    super(message);
  }
}

function unreadableMessage(unreadable: readonly UnreadableEntry[]): string {
  const named = unreadable.slice(0, NAMED_IN_MESSAGE).map((entry) => `"${entry.path}" (${entry.reason})`);
  const more = unreadable.length > NAMED_IN_MESSAGE ? ` and ${unreadable.length - NAMED_IN_MESSAGE} more` : '';
  const count = unreadable.length === 1 ? '1 dropped item' : `${unreadable.length} dropped items`;
  return `${count} ${UNREADABLE_PREFIX}: ${named.join(', ')}${more}. Nothing was added; check their permissions (or copy them somewhere readable) and drop again.`;
}

/**
 * Reads what was dropped. `roots` are the dropped items themselves: a dropped folder's name is
 * the first segment of its files' paths, a dropped file's name is its path.
 */
export async function readDroppedItems(roots: readonly DroppedNode[], limits: DropLimits = IMPORT_LIMITS, onProgress: (progress: DropProgress) => void = () => {}): Promise<DropReadResult> {
  const listed: Listed[] = [];
  const unreadable: UnreadableEntry[] = [];
  let folders = 0;
  let bytesTotal = 0;

  async function visit(node: DroppedNode, path: string): Promise<void> {
    if (node.kind === 'directory') {
      folders += 1;
      if (folders > limits.maxFiles * FOLDERS_PER_FILE) {
        throw new LimitExceeded('too-many-files', `What was dropped holds more than ${limits.maxFiles * FOLDERS_PER_FILE} folders; at most ${limits.maxFiles} files can be imported.`);
      }
      let children: DroppedNode[];
      try {
        children = await node.list();
      } catch (error) {
        unreadable.push({ path: `${path}/`, reason: errorMessage(error) });
        return;
      }
      // Sorted so that the order of the files, and of any message, does not depend on the disk.
      children.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
      for (const child of children) await visit(child, `${path}/${child.name}`);
      return;
    }
    let blob: DroppedBlob;
    try {
      blob = await node.open();
    } catch (error) {
      unreadable.push({ path, reason: errorMessage(error) });
      return;
    }
    listed.push({ path, blob });
    if (listed.length > limits.maxFiles) {
      throw new LimitExceeded('too-many-files', `What was dropped holds more than ${limits.maxFiles} files; at most ${limits.maxFiles} can be imported.`);
    }
    bytesTotal += blob.size;
    if (bytesTotal > limits.maxBytes) {
      throw new LimitExceeded('too-large', `What was dropped is larger than the ${formatBytes(limits.maxBytes)} import limit.`);
    }
    if (listed.length % 50 === 0) onProgress({ phase: 'listing', found: listed.length });
  }

  try {
    for (const root of roots) await visit(root, root.name);
  } catch (error) {
    if (error instanceof LimitExceeded) return { ok: false, reason: error.reason, message: error.message, unreadable };
    throw error;
  }
  if (unreadable.length > 0) return { ok: false, reason: 'unreadable', message: unreadableMessage(unreadable), unreadable };
  if (listed.length === 0) return { ok: false, reason: 'empty', message: 'What was dropped holds no file.', unreadable };

  const files: DroppedFileData[] = [];
  let bytesRead = 0;
  for (const [index, { path, blob }] of listed.entries()) {
    try {
      const data = new Uint8Array(await blob.arrayBuffer());
      bytesRead += data.length;
      // A file that grew since it was listed must not carry the drop past the limit.
      if (bytesRead > limits.maxBytes) return { ok: false, reason: 'too-large', message: `What was dropped is larger than the ${formatBytes(limits.maxBytes)} import limit.`, unreadable };
      files.push({ path, data });
    } catch (error) {
      unreadable.push({ path, reason: errorMessage(error) });
    }
    onProgress({ phase: 'reading', read: index + 1, total: listed.length, bytesRead, bytesTotal });
  }
  if (unreadable.length > 0) return { ok: false, reason: 'unreadable', message: unreadableMessage(unreadable), unreadable };
  return { ok: true, files };
}

/** The progress as one line for a notice or a dialog. */
export function describeDropProgress(progress: DropProgress): string {
  if (progress.phase === 'listing') return `Looking through what was dropped: ${progress.found} files so far…`;
  return `Reading dropped files: ${progress.read} of ${progress.total} (${formatBytes(progress.bytesRead)} of ${formatBytes(progress.bytesTotal)})…`;
}
