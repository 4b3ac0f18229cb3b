import { useSyncExternalStore } from 'react';

/**
 * A module fetched when the page is idle rather than with the first load (the tooltips, the
 * editor's tabs), for controls that work without it until it comes: `preload` starts fetching
 * it (again after a failed fetch), `useLoaded` gives it once it is there (null before, and on
 * the server) and redraws its users when it arrives, keeping the focus of a control it replaced.
 */
export interface DeferredModule<Module> {
  preload: () => void;
  useLoaded: () => Module | null;
}

export function deferredModule<Module>(load: () => Promise<Module>): DeferredModule<Module> {
  let loaded: Module | null = null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    preload: () => {
      loading ??= load()
        .then((module) => {
          loaded = module;
          const focusedBefore = document.activeElement;
          for (const listener of listeners) listener();
          keepFocusAcrossSwap(focusedBefore);
        })
        .catch(() => {
          loading = null;
        });
    },
    useLoaded: () =>
      useSyncExternalStore(
        subscribe,
        () => loaded,
        () => null,
      ),
  };
}

/**
 * The swap from a control's stand-in to its loaded version replaces its element (another
 * component type), and the browser drops focus to the page when a focused element leaves it.
 * The redraw the listeners asked for has run by the next task; then the focus goes to the
 * element that took the old one's id (the editor's tabs keep theirs), unless the person has
 * moved on meanwhile.
 */
function keepFocusAcrossSwap(focusedBefore: Element | null): void {
  if (!(focusedBefore instanceof HTMLElement) || focusedBefore.id === '') return;
  setTimeout(() => {
    if (focusedBefore.isConnected) return;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    document.getElementById(focusedBefore.id)?.focus();
  }, 0);
}
