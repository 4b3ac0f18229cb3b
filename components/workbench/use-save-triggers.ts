'use client';

import { useEffect } from 'react';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

/**
 * Flushes pending edits when the user asks (Ctrl/Cmd+S) and when the page may
 * go away (tab hidden, page hidden); the unsaved journal covers the rest.
 */
export function useSaveTriggers(): void {
  useEffect(() => {
    const save = () => void useWorkspaceStore.getState().saveNow();
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        save();
      }
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', save);
    };
  }, []);
}
