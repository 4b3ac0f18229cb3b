import type { FileKind } from '@/lib/vfs/file-system';

/** One node of the current project's file tree; `path` is project-relative ("input/deck.pdf"). */
export interface TreeNode {
  name: string;
  path: string;
  kind: FileKind;
  size: number;
  children: TreeNode[];
}

/** A text file held in memory: what the user typed and what the filesystem last confirmed. */
export interface TextBuffer {
  text: string;
  savedText: string;
}

/** How the main pane shows the open file; text files live in `buffers`, the rest as bytes. */
export type OpenFileView = (
  | { kind: 'text' }
  | { kind: 'pdf' | 'image' | 'binary'; bytes: Uint8Array; size: number; mimeType: string }
) & {
  /** Opened behind the run document in front (a run's deliverable): the run stays in front (follow-workspace.ts). */
  behindRunDocument?: boolean;
};

export interface OpenFileOptions {
  /** Open it without bringing the file tab to the front: the person may be reading (or using) a run's document meanwhile. */
  behindRunDocument?: boolean;
  /** Leave the tree's selection and open folders as they are (a reload keeps what was chosen before storage opened). */
  keepTreeView?: boolean;
}

/** A request for the editor to move its cursor, e.g. after a click in the Problems panel. */
export interface RevealRequest {
  path: string;
  line: number;
  column: number;
  /** Changes on every request so clicking the same problem twice reveals it twice. */
  nonce: number;
}

export type SaveIndicator =
  | { status: 'saved' }
  | { status: 'dirty' }
  | { status: 'saving' }
  | { status: 'error'; reason: string };
