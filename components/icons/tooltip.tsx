'use client';

import { cloneElement, useSyncExternalStore, type ReactElement } from 'react';

/*
 * Tooltips come from Radix (tooltip-view.tsx), fetched when the page is idle rather than with the
 * first load: positioning code the file tree does not need to appear. Until then a control shows
 * the browser's own tooltip (title) with the same text.
 */
type TooltipViewModule = typeof import('./tooltip-view');

let loaded: TooltipViewModule | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function preloadTooltips(): void {
  loading ??= import('./tooltip-view')
    .then((module) => {
      loaded = module;
      for (const listener of listeners) listener();
    })
    .catch(() => {
      loading = null;
    });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A tooltip on hover and on keyboard focus for one control (its only child, which must take a ref). */
export function Tooltip({ text, children }: { text: string; children: ReactElement<{ title?: string }> }) {
  const module = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  if (module === null) return cloneElement(children, { title: text });
  return <module.TooltipView text={text}>{children}</module.TooltipView>;
}
