import { useEffect, useState } from 'react';

/**
 * True once `ready` has been true through one painted frame. What waits for it
 * (the editor's chunk: Monaco's module evaluation takes hundreds of ms on a
 * slow machine) starts after the file tree of the same render is on screen,
 * not in the task that would have painted it.
 */
export function useAfterFirstPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // requestAnimationFrame runs just before the frame's paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
