'use client';

import { useEffect } from 'react';
import type * as Monaco from './monaco-editor-parts';
import { useEditorTabModeStore } from '@/lib/state/ui/editor-tab-mode';
import { lastFocusArrival, watchFocusArrival } from './focus-arrival';

/**
 * Applies the page's Tab mode to one editor: tabbing into it makes Tab move the focus on, clicking
 * into it makes Tab indent, and Ctrl+M (Cmd+M) switches. Ctrl+M is taken over from Monaco's own
 * toggle, whose page-wide flag would otherwise win over the option set here.
 */
export function useTabFocusMode(monaco: typeof Monaco, editor: Monaco.editor.IStandaloneCodeEditor | null): void {
  const tabMovesFocus = useEditorTabModeStore((state) => state.tabMovesFocus);

  useEffect(() => {
    if (editor === null) return;
    watchFocusArrival();
    const focusListener = editor.onDidFocusEditorText(() => {
      useEditorTabModeStore.getState().setTabMovesFocus(lastFocusArrival() === 'keyboard');
    });
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyM, () => useEditorTabModeStore.getState().toggleTabMovesFocus());
    return () => focusListener.dispose();
  }, [monaco, editor]);

  useEffect(() => {
    editor?.updateOptions({ tabFocusMode: tabMovesFocus });
  }, [editor, tabMovesFocus]);
}
