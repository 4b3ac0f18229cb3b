'use client';

import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

/** Storage trouble is the user's to fix, so it stays visible until it is resolved. */
export function StorageBanner() {
  const problem = useWorkspaceStore((state) => state.storageProblem);
  if (problem === null) return null;
  return (
    <div className="banner banner-warning" role="alert" data-testid="storage-banner">
      {problem}
    </div>
  );
}
