'use client';

import { useEditorTabModeStore } from '@/lib/state/ui/editor-tab-mode';
import styles from './editor-status-bar.module.css';

/** The line under the code editor: what Tab does now, and the key that switches it. */
export function EditorStatusBar() {
  const tabMovesFocus = useEditorTabModeStore((state) => state.tabMovesFocus);
  const toggle = useEditorTabModeStore((state) => state.toggleTabMovesFocus);
  return (
    <div className={styles.bar} data-testid="editor-status-bar">
      <button
        type="button"
        className={styles.item}
        onClick={toggle}
        aria-pressed={tabMovesFocus}
        data-testid="tab-mode"
        title="Switch what Tab does in the editor (Ctrl+M, ⌘M on a Mac)"
      >
        {tabMovesFocus ? 'Tab moves focus · Ctrl+M: Tab indents' : 'Tab indents · Ctrl+M: Tab moves focus'}
      </button>
    </div>
  );
}
