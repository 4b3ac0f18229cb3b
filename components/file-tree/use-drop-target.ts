'use client';

import { useState, type DragEvent } from 'react';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { TREE_PATH_MIME, isExternalFileDrag, isTreeNodeDrag } from './drag-data';

/**
 * Makes an element a drop target for a folder: files from the desktop are
 * uploaded into it, tree nodes are moved into it.
 */
export function useDropTarget(folder: string) {
  const [active, setActive] = useState(false);

  const accepts = (event: DragEvent) => isExternalFileDrag(event.dataTransfer) || isTreeNodeDrag(event.dataTransfer);

  return {
    active,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = isExternalFileDrag(event.dataTransfer) ? 'copy' : 'move';
        if (!active) setActive(true);
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
        if (event.dataTransfer.files.length > 0) {
          void store.uploadFiles(Array.from(event.dataTransfer.files), folder);
          return;
        }
        const path = event.dataTransfer.getData(TREE_PATH_MIME);
        if (path !== '') void store.movePath(path, folder);
      },
    },
  };
}
