'use client';

import { useSettingsStore } from '@/lib/state/settings-store';
import { SettingsDialog } from './settings-dialog';

/** The header's way into Settings (API keys); the dialog mounts only while open. */
export function SettingsButton() {
  const open = useSettingsStore((state) => state.settingsOpen);
  const openSettings = useSettingsStore((state) => state.openSettings);
  return (
    <>
      <button type="button" className="button" data-testid="settings-button" onClick={openSettings}>
        Settings
      </button>
      {open ? <SettingsDialog /> : null}
    </>
  );
}
