'use client';

import { useEffect } from 'react';
import { modalDialogOpen } from '@/components/dialogs/modal-dialog-open';
import { commandDefinition } from '@/lib/state/ui/commands/command-list';
import { isMacPlatform, matchesShortcut } from '@/lib/state/ui/commands/shortcut-keys';
import { usePaletteStore } from '@/lib/state/ui/commands/palette-store';
import { useAreaControls } from './areas/area-controls';
import { focusAdjacentArea } from './areas/area-focus';

/**
 * The page-wide keys of the shell: Ctrl/Cmd+Shift+P (and F1, as in VS Code) opens the command
 * palette, F6 / Shift+F6 move the focus to the next / previous area. In the capture phase, so
 * the code editor's own F1 palette never opens instead; not while a modal dialog holds the keys.
 * A component (rendering nothing) because it needs the area controls of its provider.
 */
export function WorkbenchShortcuts(): null {
  const { collapsed } = useAreaControls();
  useEffect(() => {
    const isMac = isMacPlatform();
    const palette = commandDefinition('palette.open').shortcut!;
    const next = commandDefinition('view.next-area').shortcut!;
    const previous = commandDefinition('view.previous-area').shortcut!;
    const onKeyDown = (event: KeyboardEvent) => {
      const opensPalette = matchesShortcut(event, palette, isMac) || matchesShortcut(event, 'F1', isMac);
      const direction: 1 | -1 | 0 = matchesShortcut(event, next, isMac) ? 1 : matchesShortcut(event, previous, isMac) ? -1 : 0;
      if (!opensPalette && direction === 0) return;
      // Never the browser's own F1 (help) or F6 (address bar), even while a dialog holds the keys.
      event.preventDefault();
      if (modalDialogOpen()) return;
      event.stopPropagation();
      if (opensPalette) usePaletteStore.getState().setOpen(true);
      else if (direction !== 0) focusAdjacentArea(direction, (area) => area !== 'editor' && collapsed[area]);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [collapsed]);
  return null;
}
