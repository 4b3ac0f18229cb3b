'use client';

import { useEffect, useState, type RefObject } from 'react';

/** The element's size in pixels, following it as it changes (0 x 0 until it is measured). */
export function useElementSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry === undefined) return;
      const { width, height } = entry.contentRect;
      setSize((previous) => (previous.width === width && previous.height === height ? previous : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/**
 * `pixels` as a percentage of `total`, the unit react-resizable-panels takes; `fallback` until the
 * group is measured (the server's render and the first client one).
 */
export function percentOf(pixels: number, total: number, fallback: number): number {
  if (total <= 0) return fallback;
  return Math.min(100, (pixels / total) * 100);
}
