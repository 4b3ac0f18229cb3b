import { exampleProjectFiles } from '@/lib/project/example-project';
import type { ProjectFileData } from '@/lib/project/projects';
import { treeOfFiles } from './tree-of-files';
import type { TextBuffer, TreeNode } from './workspace-types';

/**
 * The example as it will be stored, known before storage is open: its tree (with the decks
 * fetched) and its text files as saved buffers. A first visit shows it while the example is
 * written. Its own module, loaded with the store (a few KB of text), so a first visit draws the
 * tree without waiting for the seeding module's round trip (example-seed.ts, loaded on demand).
 */
export function exampleManifest(decks: { files: readonly ProjectFileData[] }): { tree: TreeNode[]; buffers: Map<string, TextBuffer> } {
  const files = exampleProjectFiles();
  const buffers = new Map<string, TextBuffer>();
  for (const file of files) if (typeof file.data === 'string') buffers.set(file.path, { text: file.data, savedText: file.data });
  return { tree: treeOfFiles([...files, ...decks.files]), buffers };
}
