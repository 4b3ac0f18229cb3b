import { useSyncExternalStore } from 'react';

/**
 * A module fetched when the page is idle rather than with the first load (the tooltips, the
 * editor's tabs), for controls that work without it until it comes: `preload` starts fetching
 * it (again after a failed fetch), `useLoaded` gives it once it is there (null before, and on
 * the server) and redraws its users when it arrives.
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
          for (const listener of listeners) listener();
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
