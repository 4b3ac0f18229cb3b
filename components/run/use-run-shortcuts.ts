'use client';

import { useEffect } from 'react';
import { watchTyping } from '@/components/approvals/typing-clock';
import { useRunStore } from '@/lib/state/run/run-store';

/**
 * Ctrl/Cmd+Enter runs the open tab's worker (the form's, for other files) from anywhere in the IDE, Monaco included: the listener
 * is on window in the capture phase, so it sees the key before the editor
 * turns it into "insert line below" (and, from the editor, the run's tab
 * opens behind the file so the keys stay there). Esc stops a run in every state, a waiting
 * approval question included, unless a modal dialog is open or something else
 * already used the key (the editor closing its suggestions, a field's own Esc).
 */
export function useRunShortcuts(): void {
  useEffect(() => {
    // From now on, whether the person is typing decides if a new question takes the focus.
    watchTyping();
    const onKeyDownCapture = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (modalDialogOpen()) return;
      const state = useRunStore.getState();
      event.preventDefault();
      event.stopPropagation();
      // Typing in the editor, the person keeps it: the run's tab opens behind the file.
      const inEditor = event.target instanceof Element && event.target.closest('.monaco-editor') !== null;
      if (!state.running && !state.preparing) void state.runOpenWorker({ tabInBackground: inEditor });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const state = useRunStore.getState();
      if (!state.running) return;
      if (modalDialogOpen()) return;
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

/**
 * A modal dialog (new file name, confirm, settings) is open and keeps its keys. The approval
 * questions are a non-modal dialog docked in the Run panel: Esc stops their run.
 */
function modalDialogOpen(): boolean {
  return document.querySelector('[aria-modal="true"], [role="alertdialog"], [role="dialog"]:not([aria-modal="false"])') !== null;
}
