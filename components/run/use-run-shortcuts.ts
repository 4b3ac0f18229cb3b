'use client';

import { useEffect } from 'react';
import { useRunStore } from '@/lib/state/run-store';

/**
 * Ctrl/Cmd+Enter runs from anywhere in the IDE, Monaco included: the listener
 * is on window in the capture phase, so it sees the key before the editor
 * turns it into "insert line below" (and, from the editor, the run's tab
 * opens behind the file so the keys stay there). Esc stops a run, unless a dialog is open
 * (an approval question, a modal) or something else already used the key.
 */
export function useRunShortcuts(): void {
  useEffect(() => {
    const onKeyDownCapture = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      // A modal dialog (new file name, confirm, settings) keeps its keys.
      if (document.querySelector('[aria-modal="true"]') !== null) return;
      const state = useRunStore.getState();
      event.preventDefault();
      event.stopPropagation();
      // Typing in the editor, the person keeps it: the run's tab opens behind the file.
      const inEditor = event.target instanceof Element && event.target.closest('.monaco-editor') !== null;
      if (!state.running && !state.preparing) void state.run({ tabInBackground: inEditor });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const state = useRunStore.getState();
      if (!state.running || state.pendingApprovals.length > 0) return;
      if (document.querySelector('[role="dialog"]') !== null) return;
      event.preventDefault();
      state.stop();
    };
    window.addEventListener('keydown', onKeyDownCapture, true);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDownCapture, true);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
