'use client';

import { useEffect } from 'react';
import { UNTRUSTED_PROJECT_NOTICE } from '@/lib/state/share/trust-store';
import { useTrustStore } from '@/lib/state/share/trust-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

/**
 * Says that the open project is untrusted (it came by link or zip) and offers
 * to trust it. Stays until the person decides: while it shows, the project's
 * own approve_all and pre_approved are not honoured.
 */
export function TrustBanner() {
  const project = useWorkspaceStore((state) => state.currentProject);
  const ready = useWorkspaceStore((state) => state.phase === 'ready');
  const trusted = useTrustStore((state) => project !== null && state.trusted.has(project));
  const trust = useTrustStore((state) => state.trust);
  useEffect(() => {
    // Read again whenever the open project changes: another tab may have trusted it.
    useTrustStore.getState().load();
  }, [project]);
  if (!ready || project === null || trusted) return null;
  return (
    <div className="banner banner-warning" role="status" data-testid="trust-banner">
      <span className="banner-text">{UNTRUSTED_PROJECT_NOTICE}</span>
      <button type="button" className="button" onClick={() => trust(project)}>
        Trust this project
      </button>
    </div>
  );
}
