'use client';

import { useEffect, useRef, useState, type DragEvent } from 'react';
import { isExternalFileDrag } from './drag-data';

/** dragover repeats every ~50 ms while a drag rests; silence this long means it left. */
const DRAG_SILENCE_MS = 200;

/**
 * Whether files from the desktop are being dragged anywhere over an element, rows included (each
 * row handles its own dragover and stops it, so this listens in the capture phase): the tree
 * says then what a drop on it will do.
 */
export function useFilesOver() {
  const [over, setOver] = useState(false);
  const silence = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(silence.current), []);
  const stop = () => {
    clearTimeout(silence.current);
    setOver(false);
  };
  return {
    over,
    handlers: {
      onDragOverCapture: (event: DragEvent) => {
        if (!isExternalFileDrag(event.dataTransfer)) return;
        setOver(true);
        clearTimeout(silence.current);
        silence.current = setTimeout(stop, DRAG_SILENCE_MS);
      },
      onDropCapture: stop,
    },
  };
}
