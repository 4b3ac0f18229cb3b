/**
 * Shortcuts as the command list spells them ("Mod+Shift+P", "F6", "Escape"): shown in the
 * person's platform's words, announced through aria-keyshortcuts, and matched against key events.
 * "Mod" is Ctrl, or ⌘ on a Mac, as in VS Code.
 */
interface ParsedShortcut {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

function parse(shortcut: string): ParsedShortcut {
  const parts = shortcut.split('+');
  const key = parts.pop()!;
  return { mod: parts.includes('Mod'), shift: parts.includes('Shift'), alt: parts.includes('Alt'), key };
}

/** The part of a key event a shortcut is matched on (a KeyboardEvent fits). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Whether the key press is the shortcut: its modifiers exactly, letters in either case. */
export function matchesShortcut(press: KeyPress, shortcut: string, isMac: boolean): boolean {
  const wanted = parse(shortcut);
  const mod = isMac ? press.metaKey : press.ctrlKey;
  const otherCommandKey = isMac ? press.ctrlKey : press.metaKey;
  if (mod !== wanted.mod || otherCommandKey || press.shiftKey !== wanted.shift || press.altKey !== wanted.alt) return false;
  return press.key.length === 1 ? press.key.toLowerCase() === wanted.key.toLowerCase() : press.key === wanted.key;
}

/**
 * "Ctrl+Shift+P" elsewhere, "⌘+Shift+P" on a Mac; "Ctrl/⌘+Shift+P" where the platform is not known
 * yet (a server-rendered tooltip must read the same in every browser); "Esc" for Escape.
 */
export function shortcutLabel(shortcut: string, isMac: boolean | null): string {
  const mod = isMac === null ? 'Ctrl/⌘' : isMac ? '⌘' : 'Ctrl';
  return shortcut
    .split('+')
    .map((part) => (part === 'Mod' ? mod : part === 'Escape' ? 'Esc' : part))
    .join('+');
}

/** The aria-keyshortcuts value: both platforms' spellings, so it is true wherever the page runs. */
export function ariaKeyShortcuts(shortcut: string): string {
  if (!shortcut.includes('Mod')) return shortcut;
  return `${shortcut.replace('Mod', 'Control')} ${shortcut.replace('Mod', 'Meta')}`;
}

/** Whether the page runs on a Mac (where ⌘ is the command key); false without a browser. */
export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}
