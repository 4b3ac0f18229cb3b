'use client';

import { lazy, Suspense } from 'react';
import { usePaletteStore } from '@/lib/state/ui/commands/palette-store';

// The palette (and cmdk) load when it first opens, or when the page is idle: not with the first load.
const loadPalette = () => import('./command-palette');
const CommandPalette = lazy(() => loadPalette().then((module) => ({ default: module.CommandPalette })));

export function preloadCommandPalette(): void {
  void loadPalette();
}

/** Mounts the command palette while it is open. */
export function CommandPaletteHost() {
  const open = usePaletteStore((state) => state.open);
  return open ? (
    <Suspense fallback={null}>
      <CommandPalette />
    </Suspense>
  ) : null;
}
