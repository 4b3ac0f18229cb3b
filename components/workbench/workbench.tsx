'use client';

import { useEffect } from 'react';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { prefetchWhenIdle } from '@/lib/state/ui/prefetch-when-idle';
import { warmCodeCacheWhenIdle } from '@/lib/state/ui/warm-code-cache';
import { preloadEditorTabs } from '@/components/editor/tab-kit';
import { preloadTooltips } from '@/components/icons/tooltip';
import { preloadOverflowMenus } from '@/components/menus/overflow-menu';
import { applyStoredTheme } from '@/components/theme/theme';
import { AreaControlsProvider } from './areas/area-controls';
import { WorkbenchAreas } from './areas/workbench-areas';
import { AreaBoundary } from './area-boundary';
import { NoticeBar } from './notice-bar';
import { SafeStartNotice } from './safe-start-notice';
import { StorageBanner } from './storage-banner';
import { WorkbenchHeader } from './workbench-header';
import { useSaveTriggers } from './use-save-triggers';
import { afterTree } from './after-tree';
import { hydratedLater } from './hydrated-later';
import { treeShown } from '@/lib/state/ui/tree-shown';
import { preloadDialogs } from '@/components/dialogs/dialog-host';
import { preloadCommandPalette } from '@/components/command-palette/command-palette-host';

const WorkbenchOverlays = afterTree(() => import('./workbench-overlays').then((module) => module.WorkbenchOverlays));
// Nothing of these acts before storage is open (the trust banner and the history wait for the
// project to be ready; the shortcuts open the palette and move between areas, which come after the
// tree too): their code (the command list, the trust and history stores) loads after the tree.
const WorkbenchShortcuts = afterTree(() => import('./workbench-shortcuts').then((module) => module.WorkbenchShortcuts));
const TrustBanner = afterTree(() => import('./trust-banner').then((module) => module.TrustBanner));
const IdleHistory = afterTree(() => import('@/components/history/idle-history').then((module) => module.IdleHistory));
// The header and the banners hydrate after the tree (hydrated-later.tsx).
const HEADER_AND_BANNERS = hydratedLater(
  <>
    <WorkbenchHeader />
    <StorageBanner />
    <NoticeBar />
    <TrustBanner />
    <SafeStartNotice />
  </>,
);
/** If the tree is slow to come (storage held up with no copy of the tree kept), the rest of the page does not wait longer than this. */
const REST_OF_PAGE_AT_THE_LATEST_MS = 2_000;

// The store starts while React hydrates the page rather than after (here, or from the tree's early
// mount in file-tree-root.tsx, whichever module runs first; a tab starts it once): the kept tree (a
// reload) or the example's manifest (a first visit) is in it before hydration ends, and storage
// opens once that tree is interactive (without one, at once). The store's first render is hydrated
// from its initial state (zustand's server snapshot), so the page matches the server's HTML either way.
// The stored colour theme goes on <html> at the same moment, before the shell's first paint.
if (typeof window !== 'undefined') {
  applyStoredTheme();
  void useWorkspaceStore.getState().start();
}

/** The IDE shell: header, then the areas (sidebar with projects + files, editor, Problems, the run slot). */
export function Workbench() {
  const phase = useWorkspaceStore((state) => state.phase);
  const startupError = useWorkspaceStore((state) => state.startupError);
  // Each area fails alone, and tries again when another project opens.
  const project = useWorkspaceStore((state) => state.currentProject);
  useSaveTriggers();
  useEffect(() => {
    const atTheLatest = window.setTimeout(() => treeShown.announce(), REST_OF_PAGE_AT_THE_LATEST_MS);
    return () => window.clearTimeout(atTheLatest);
  }, []);
  // The tree is drawn (from the copy kept for a reload, the example's manifest on a first visit, or
  // storage), or the start ended without one: the rest of the page's code comes now (after-tree.tsx).
  const treeDrawn = useWorkspaceStore((state) => state.tree.length > 0 || state.phase !== 'starting');
  useEffect(() => {
    if (treeDrawn) treeShown.announce();
  }, [treeDrawn]);
  // What the first load left out comes once the project is on screen and the page is idle: during
  // the start, its chunks would take the main thread from the first project's tree.
  const ready = phase === 'ready';
  // Then the page's first scripts run once more, so that a reload reads V8's code cache for them (warm-code-cache.ts).
  useEffect(() => {
    if (!ready) return undefined;
    const stopPrefetching = prefetchWhenIdle([preloadTooltips, preloadOverflowMenus, preloadDialogs, preloadCommandPalette, preloadEditorTabs]);
    const stopWarming = warmCodeCacheWhenIdle();
    return () => {
      stopPrefetching();
      stopWarming();
    };
  }, [ready]);

  return (
    <AreaControlsProvider>
      <WorkbenchShortcuts />
      <IdleHistory />
      <div className="workbench" data-testid="workbench" data-phase={phase}>
        {HEADER_AND_BANNERS}
        {phase === 'failed' ? (
          <main className="startup-failure" role="alert">
            <h1>Workerbench could not start</h1>
            <p>{startupError}</p>
          </main>
        ) : (
          <WorkbenchAreas project={project} />
        )}
        <AreaBoundary area="A dialog">
          <WorkbenchOverlays />
        </AreaBoundary>
      </div>
    </AreaControlsProvider>
  );
}
