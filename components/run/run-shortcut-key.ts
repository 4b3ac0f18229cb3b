import { commandDefinition } from '@/lib/state/ui/commands/command-list';
import { isMacPlatform, matchesShortcut, type KeyPress } from '@/lib/state/ui/commands/shortcut-keys';

// Looked up once: the listeners ask on every key press.
const RUN_SHORTCUT = commandDefinition('run.open-worker').shortcut!;

/**
 * The run key as the command list names it (Ctrl+Enter, ⌘+Enter on a Mac), matched the way every
 * other shortcut is, so the key that works is the one the Run button's tooltip and the palette
 * show. With Alt or Shift it is another key (the editor's own).
 */
export function isRunShortcut(press: KeyPress, isMac: boolean = isMacPlatform()): boolean {
  return matchesShortcut(press, RUN_SHORTCUT, isMac);
}

/** Pressed in the code editor: the run's tab then opens behind the file, so the person keeps typing there. */
export function pressedInEditor(event: KeyboardEvent): boolean {
  return event.target instanceof Element && event.target.closest('.monaco-editor') !== null;
}
