import { useSyncExternalStore } from 'react';

/**
 * The colour theme, kept per browser. The page's colours are CSS variables switched by
 * `data-theme` on <html> (app/globals.css); Monaco's theme is global to all its editors, so
 * every editor and diff passes `monacoTheme(theme)` and they all follow together.
 */
export type Theme = 'dark' | 'light';

const STORAGE_KEY = 'workerbench:theme';
const listeners = new Set<() => void>();

function readStoredTheme(): Theme {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    // Storage refused (a locked-down profile): the default theme, not a failure.
    return 'dark';
  }
}

let current: Theme = typeof window === 'undefined' ? 'dark' : readStoredTheme();

/** Puts the stored theme on <html>; called once on the client before the first paint of the shell. */
export function applyStoredTheme(): void {
  current = readStoredTheme();
  document.documentElement.dataset.theme = current;
}

export function setTheme(theme: Theme): void {
  current = theme;
  document.documentElement.dataset.theme = theme;
  try {
    window.localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Not kept across reloads, still applied now.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current theme; the server (and hydration) render the default. */
export function useTheme(): Theme {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => 'dark',
  );
}

export function monacoTheme(theme: Theme): 'vs' | 'vs-dark' {
  return theme === 'light' ? 'vs' : 'vs-dark';
}
