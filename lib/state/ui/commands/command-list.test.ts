import { describe, expect, it } from 'vitest';
import { COMMANDS, commandDefinition, paletteCommands } from './command-list';
import { ariaKeyShortcuts, matchesShortcut, shortcutLabel, type KeyPress } from './shortcut-keys';

function press(key: string, modifiers: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress {
  return { key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers };
}

describe('the command list', () => {
  it('names every command once, and gives no two commands the same shortcut', () => {
    const ids = COMMANDS.map((command) => command.id);
    expect(new Set(ids).size).toBe(ids.length);
    const shortcuts = COMMANDS.flatMap((command) => ('shortcut' in command ? [command.shortcut] : []));
    expect(new Set(shortcuts).size).toBe(shortcuts.length);
  });

  it("lists every action in the palette but the palette's own key", () => {
    const listed = paletteCommands().map((command) => command.id);
    expect(listed).not.toContain('palette.open');
    expect(listed).toEqual(expect.arrayContaining(['run.open-worker', 'run.stop', 'file.new', 'folder.new', 'file.upload', 'project.import-zip', 'project.import-folder']));
    expect(listed).toEqual(expect.arrayContaining(['project.export-zip', 'project.share', 'run.compare', 'history.open', 'run.tests', 'settings.open', 'view.toggle-theme']));
    expect(listed).toEqual(expect.arrayContaining(['view.toggle-files', 'view.focus-files', 'view.focus-editor', 'view.focus-run', 'view.focus-problems', 'history.undo-last-run']));
    expect(listed).toHaveLength(COMMANDS.length - 1);
  });

  it('every shortcut is one the matcher understands and its own key press matches it', () => {
    for (const command of COMMANDS) {
      if (!('shortcut' in command)) continue;
      const parts = command.shortcut.split('+');
      const key = parts.at(-1)!;
      const event = press(key, { ctrlKey: parts.includes('Mod'), shiftKey: parts.includes('Shift'), altKey: parts.includes('Alt') });
      expect(matchesShortcut(event, command.shortcut, false), command.id).toBe(true);
    }
  });
});

describe('shortcuts', () => {
  it('matches the modifiers exactly, letters in either case, Mod as Ctrl or ⌘ by platform', () => {
    const palette = commandDefinition('palette.open').shortcut!;
    expect(matchesShortcut(press('P', { ctrlKey: true, shiftKey: true }), palette, false)).toBe(true);
    expect(matchesShortcut(press('p', { ctrlKey: true, shiftKey: true }), palette, false)).toBe(true);
    expect(matchesShortcut(press('P', { ctrlKey: true }), palette, false)).toBe(false);
    expect(matchesShortcut(press('P', { ctrlKey: true, shiftKey: true, altKey: true }), palette, false)).toBe(false);
    expect(matchesShortcut(press('P', { metaKey: true, shiftKey: true }), palette, true)).toBe(true);
    expect(matchesShortcut(press('P', { ctrlKey: true, shiftKey: true }), palette, true)).toBe(false);
    expect(matchesShortcut(press('F6'), 'F6', false)).toBe(true);
    expect(matchesShortcut(press('F6', { shiftKey: true }), 'F6', false)).toBe(false);
    expect(matchesShortcut(press('F6', { shiftKey: true }), 'Shift+F6', false)).toBe(true);
  });

  it("is shown in the platform's words and announced with both spellings", () => {
    expect(shortcutLabel('Mod+Shift+P', false)).toBe('Ctrl+Shift+P');
    expect(shortcutLabel('Mod+Enter', true)).toBe('⌘+Enter');
    expect(shortcutLabel('Escape', false)).toBe('Esc');
    expect(shortcutLabel('Mod+Shift+P', null)).toBe('Ctrl/⌘+Shift+P');
    expect(ariaKeyShortcuts('Mod+Enter')).toBe('Control+Enter Meta+Enter');
    expect(ariaKeyShortcuts('F2')).toBe('F2');
  });
});
