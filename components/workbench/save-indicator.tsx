'use client';

import { useShallow } from 'zustand/react/shallow';
import { selectSaveIndicator, useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

const LABELS = { saved: 'Saved', dirty: 'Unsaved changes', saving: 'Saving…' } as const;

export function SaveIndicator() {
  const indicator = useWorkspaceStore(useShallow(selectSaveIndicator));
  const label = indicator.status === 'error' ? `Save failed: ${indicator.reason}` : LABELS[indicator.status];
  return (
    <span className={`save-indicator save-${indicator.status}`} role="status" aria-live="polite" data-testid="save-indicator" data-status={indicator.status}>
      <span className="save-dot" aria-hidden="true" />
      {label}
    </span>
  );
}
