/**
 * When a key last typed text into a text entry (a field, a textarea, the code editor): the
 * question that appears next leaves the focus with someone typing since their run started.
 * Keys with Ctrl, Cmd or Alt (Ctrl+Enter, which starts a run) are commands, not typing.
 */
let lastTypedAt = 0;
let listening = false;

const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

/** An element that takes typed text: a text field, a textarea, editable content, or an EditContext (Monaco in Chromium). */
export function isTextEntry(element: Element | null): boolean {
  if (element instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(element.type);
  if (element instanceof HTMLTextAreaElement) return true;
  if (!(element instanceof HTMLElement)) return false;
  return element.isContentEditable || ((element as HTMLElement & { editContext?: unknown }).editContext ?? null) !== null;
}

export function watchTyping(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete' || event.key === 'Enter') {
        if (isTextEntry(document.activeElement)) lastTypedAt = Date.now();
      }
    },
    true,
  );
}

export function lastTypedTime(): number {
  return lastTypedAt;
}
