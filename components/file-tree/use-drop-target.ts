'use client';

import { useState, type DragEvent } from 'react';
import { droppedNodes } from '@/lib/state/share/drop-sources';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { TREE_PATH_MIME, isExternalFileDrag, isTreeNodeDrag } from './drag-data';

/**
 * Makes an element a drop target for a folder: files and folders from the desktop are added into
 * it with their relative paths (lib/state/workspace/drop-actions.ts), tree nodes are moved into it.
 * `active` says which kind of drag is over it, so the tree can say what a drop will do.
 */
export function useDropTarget(folder: string) {
  const [active, setActive] = useState<false | 'files' | 'move'>(false);

  const accepts = (event: DragEvent) => isExternalFileDrag(event.dataTransfer) || isTreeNodeDrag(event.dataTransfer);

  return {
    active,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.stopPropagation();
        const external = isExternalFileDrag(event.dataTransfer);
        event.dataTransfer.dropEffect = external ? 'copy' : 'move';
        const kind = external ? 'files' : 'move';
        if (active !== kind) setActive(kind);
      },
      onDragLeave: (event: DragEvent) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setActive(false);
      },
      onDrop: (event: DragEvent) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.stopPropagation();
        setActive(false);
        const store = useWorkspaceStore.getState();
        if (isExternalFileDrag(event.dataTransfer)) {
          // The items are read now: the DataTransfer is emptied once this handler returns.
          void store.addDroppedItems(droppedNodes(event.dataTransfer.items), folder);
          return;
        }
        const path = event.dataTransfer.getData(TREE_PATH_MIME);
        if (path !== '') void store.movePath(path, folder);
      },
    },
  };
}
