/** MIME type that marks a drag as a tree node being moved, not files from the desktop. */
export const TREE_PATH_MIME = 'application/x-workerbench-path';

export function isExternalFileDrag(dataTransfer: DataTransfer): boolean {
  return Array.from(dataTransfer.types).includes('Files');
}

export function isTreeNodeDrag(dataTransfer: DataTransfer): boolean {
  return Array.from(dataTransfer.types).includes(TREE_PATH_MIME);
}
