import { describe, expect, it } from 'vitest';
import { isRunShortcut } from './run-shortcut-key';

const press = (key: string, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe('isRunShortcut', () => {
  it('is Ctrl+Enter off a Mac and ⌘+Enter on one, as the command list names it', () => {
    expect(isRunShortcut(press('Enter', { ctrlKey: true }), false)).toBe(true);
    expect(isRunShortcut(press('Enter', { metaKey: true }), true)).toBe(true);
    expect(isRunShortcut(press('Enter', { metaKey: true }), false)).toBe(false);
    expect(isRunShortcut(press('Enter', { ctrlKey: true }), true)).toBe(false);
  });

  it('leaves the editor its own keys: with Shift or Alt, or without the command key, it is not the run key', () => {
    expect(isRunShortcut(press('Enter', { ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(isRunShortcut(press('Enter', { ctrlKey: true, altKey: true }), false)).toBe(false);
    expect(isRunShortcut(press('Enter'), false)).toBe(false);
    expect(isRunShortcut(press('e', { ctrlKey: true }), false)).toBe(false);
  });
});
