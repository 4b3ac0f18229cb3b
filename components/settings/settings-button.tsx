'use client';

import { lazy, Suspense } from 'react';
import { useSettingsStore } from '@/lib/state/settings/settings-store';

// Loaded when Settings is first opened, not with the page.
const SettingsDialog = lazy(() => import('./settings-dialog').then((module) => ({ default: module.SettingsDialog })));

/** The header's way into Settings (API keys); the dialog mounts only while open. */
export function SettingsButton() {
  const open = useSettingsStore((state) => state.settingsOpen);
  const openSettings = useSettingsStore((state) => state.openSettings);
  return (
    <>
      <button type="button" className="button" data-testid="settings-button" onClick={openSettings}>
        Settings
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SettingsDialog />
        </Suspense>
      ) : null}
    </>
  );
}
