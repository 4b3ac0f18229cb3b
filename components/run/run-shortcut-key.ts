/** Ctrl/Cmd+Enter, and only that: with Alt or Shift it is another key (the editor's own). */
export function isRunShortcut(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** Pressed in the code editor: the run's tab then opens behind the file, so the person keeps typing there. */
export function pressedInEditor(event: KeyboardEvent): boolean {
  return event.target instanceof Element && event.target.closest('.monaco-editor') !== null;
}
