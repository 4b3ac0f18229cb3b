'use client';

import { useEffect } from 'react';
import { watchTyping } from '@/components/approvals/typing-clock';
import { modalDialogOpen } from '@/components/dialogs/modal-dialog-open';
import { useRunStore } from '@/lib/state/run/run-store';
import { takeEarlyRunShortcut } from './early-run-shortcut';
import { isRunShortcut, pressedInEditor } from './run-shortcut-key';

/**
 * Ctrl/Cmd+Enter runs the open tab's worker (the form's, for other files) from anywhere in the IDE, Monaco included: the listener
 * is on window in the capture phase, so it sees the key before the editor
 * turns it into "insert line below" (and, from the editor, the run's tab
 * opens behind the file so the keys stay there). Esc stops a run in every state, a waiting
 * approval question included, unless a modal dialog is open or something else
 * already used the key (the editor closing its suggestions, a field's own Esc). A Ctrl/Cmd+Enter
 * pressed before this panel's code had come (early-run-shortcut.ts) runs once it starts.
 */
export function useRunShortcuts(): void {
  useEffect(() => {
    // From now on, whether the person is typing decides if a new question takes the focus.
    watchTyping();
    const onKeyDownCapture = (event: KeyboardEvent) => {
      if (!isRunShortcut(event) || modalDialogOpen()) return;
      const state = useRunStore.getState();
      event.preventDefault();
      event.stopPropagation();
      if (!state.running && !state.preparing) void state.runOpenWorker({ tabInBackground: pressedInEditor(event) });
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
    const early = takeEarlyRunShortcut();
    if (early !== null) void useRunStore.getState().runOpenWorker(early);
    return () => {
      window.removeEventListener('keydown', onKeyDownCapture, true);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
