'use client';

import { useEffect, useState } from 'react';
import { carriesFiles, droppedNodes } from '@/lib/state/share/drop-sources';
import { useShareStore } from '@/lib/state/share/share-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import styles from './page-drop-zone.module.css';

/**
 * Files and folders dropped anywhere on the page except the file tree are imported as a new
 * project, through the same preview as a .zip or a picked folder (nothing is written before
 * Import, nothing runs). The file tree takes its own drops first — into the open project, at the
 * folder under the pointer — and stops them there, so this sees only the rest; without it a
 * file dropped beside the tree would make the browser navigate away to show it.
 *
 * While files are dragged over the page, a banner says what a drop will do. Over the tree, the
 * page sees no dragover (the tree handles it) and the banner goes: the tree shows its own hint.
 */

/** dragover repeats every ~50 ms while the pointer moves or rests; silence this long means the drag left. */
const DRAG_SILENCE_MS = 200;

export function PageDropZone() {
  const [dragging, setDragging] = useState(false);
  const ready = useWorkspaceStore((state) => state.phase === 'ready');

  useEffect(() => {
    if (!ready) return;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(silence);
      setDragging(false);
    };
    const onDragOver = (event: DragEvent) => {
      // Not `defaultPrevented`: Monaco prevents the default of every dragover on the editor, files included.
      if (event.dataTransfer === null || !carriesFiles(Array.from(event.dataTransfer.types))) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
      clearTimeout(silence);
      silence = setTimeout(stop, DRAG_SILENCE_MS);
    };
    const onDrop = (event: DragEvent) => {
      if (event.defaultPrevented || event.dataTransfer === null || !carriesFiles(Array.from(event.dataTransfer.types))) return;
      event.preventDefault();
      stop();
      // Taken now: the DataTransfer is emptied once this handler returns.
      void useShareStore.getState().openDroppedImport(droppedNodes(event.dataTransfer.items));
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    window.addEventListener('dragend', stop);
    return () => {
      stop();
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
      window.removeEventListener('dragend', stop);
    };
  }, [ready]);

  if (!dragging) return null;
  return (
    <div className={styles.overlay} data-testid="page-drop-hint" role="status">
      <p className={styles.message}>
        Drop to import as a <strong>new project</strong> (previewed first; nothing runs).
        <br />
        To add files to this project, drop them on the file tree.
      </p>
    </div>
  );
}
