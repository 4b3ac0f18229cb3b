'use client';

import { HistoryButton } from '@/components/history/history-button';
import { SettingsButton } from '@/components/settings/settings-button';
import { ShareButton } from '@/components/share/share-button';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { PaletteButton } from '@/components/command-palette/palette-button';
import { AreaToggles } from './areas/area-toggles';
import { SaveIndicator } from './save-indicator';

/** The header's controls, right of the location: loaded after the tree (after-tree.tsx), server-rendered in place meanwhile. */
export function HeaderTools() {
  return (
    <>
      <SaveIndicator />
      <PaletteButton />
      <HistoryButton />
      <ShareButton />
      <SettingsButton />
      <span className="toolbar-separator" aria-hidden="true" />
      <AreaToggles />
      <ThemeToggle />
    </>
  );
}
