'use client';

import { lazy, Suspense } from 'react';
import { useDialogStore } from '@/lib/state/ui/dialog-store';

// The dialogs (and the dialog primitive under them) are not part of the first load: fetched when
// the page is idle (preloadDialogs) or, at the latest, when the first one opens.
const loadDialogViews = () => import('./dialog-views');
const DialogView = lazy(() => loadDialogViews().then((module) => ({ default: module.DialogView })));

export function preloadDialogs(): void {
  void loadDialogViews().catch(() => undefined);
}

/** Renders the one open dialog requested by a store action. */
export function DialogHost() {
  const request = useDialogStore((state) => state.request);
  const close = useDialogStore((state) => state.close);
  if (request === null) return null;
  return (
    <Suspense fallback={null}>
      <DialogView request={request} onClose={close} />
    </Suspense>
  );
}
