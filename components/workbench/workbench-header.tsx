'use client';

import { HistoryButton } from '@/components/history/history-button';
import { SettingsButton } from '@/components/settings/settings-button';
import { ShareButton } from '@/components/share/share-button';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { AreaToggles } from './areas/area-toggles';
import { PaletteButton } from '@/components/command-palette/palette-button';
import { SaveIndicator } from './save-indicator';

export function WorkbenchHeader() {
  const project = useWorkspaceStore((state) => state.currentProject);
  const openPath = useWorkspaceStore((state) => state.openPath);
  return (
    <header className="workbench-header">
      <span className="brand">Workerbench</span>
      <span className="header-location" data-testid="header-location">
        {project ?? 'No project'}
        {openPath !== null ? <span className="header-path"> / {openPath}</span> : null}
      </span>
      <SaveIndicator />
      <PaletteButton />
      <HistoryButton />
      <ShareButton />
      <SettingsButton />
      <span className="toolbar-separator" aria-hidden="true" />
      <AreaToggles />
      <ThemeToggle />
    </header>
  );
}
