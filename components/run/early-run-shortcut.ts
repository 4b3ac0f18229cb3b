import { modalDialogOpen } from '@/components/dialogs/modal-dialog-open';
import type { RunStartOptions } from '@/lib/state/run/run-state';
import { isRunShortcut, pressedInEditor } from './run-shortcut-key';

/**
 * Ctrl/Cmd+Enter pressed before the Run panel's code has come. The panel, whose listener runs the
 * key (use-run-shortcuts.ts), loads once the project is ready (run-panel-slot.tsx); until then the
 * key did nothing, or typed a new line into the editor. Kept here instead: one listener on the
 * window, in the capture phase, installed with the slot (which comes with the page), keeps the last
 * such press and stops it; the panel takes it when it starts and runs it then, with the options
 * it would have run it with.
 */

let panelStarted = false;
let kept: RunStartOptions | null = null;

function keepEarlyRunShortcut(event: KeyboardEvent): void {
  if (panelStarted || !isRunShortcut(event) || modalDialogOpen()) return;
  event.preventDefault();
  event.stopPropagation();
  kept = { tabInBackground: pressedInEditor(event) };
}

// Evaluated on the server too, where there is no window and no key to keep.
if (typeof window !== 'undefined') window.addEventListener('keydown', keepEarlyRunShortcut, { capture: true });

/** The Run panel has started and handles the key from now on: the press kept before it, if any. */
export function takeEarlyRunShortcut(): RunStartOptions | null {
  panelStarted = true;
  if (typeof window !== 'undefined') window.removeEventListener('keydown', keepEarlyRunShortcut, { capture: true });
  const press = kept;
  kept = null;
  return press;
}
