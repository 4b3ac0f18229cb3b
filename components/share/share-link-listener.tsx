'use client';

import { useEffect } from 'react';
import { isRunHash, isShareHash } from '@/lib/state/share/share-location';
import { useShareStore } from '@/lib/state/share/share-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

/**
 * Opens the import preview for a share link in the address bar: on load once
 * the workspace is ready (so the existing project names are known), and when a
 * link is pasted into the address bar of an open tab (a hash change, no reload).
 */
export function ShareLinkListener() {
  const phase = useWorkspaceStore((state) => state.phase);
  useEffect(() => {
    if (phase !== 'ready') return;
    const offerImport = () => {
      const hash = window.location.hash;
      if (isRunHash(hash)) void useShareStore.getState().openRunLinkImport(hash);
      else if (isShareHash(hash)) void useShareStore.getState().openLinkImport(hash);
    };
    offerImport();
    window.addEventListener('hashchange', offerImport);
    return () => window.removeEventListener('hashchange', offerImport);
  }, [phase]);
  return null;
}
