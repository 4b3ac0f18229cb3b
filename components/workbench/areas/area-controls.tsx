'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { usePanelRef, type PanelImperativeHandle } from 'react-resizable-panels';

/** The areas that can collapse: the files sidebar, the run panel and Problems (the editor always shows). */
export type CollapsibleArea = 'files' | 'run' | 'problems';

type PanelRef = React.RefObject<PanelImperativeHandle | null>;

interface AreaControls {
  panelRefs: Record<CollapsibleArea, PanelRef>;
  collapsed: Record<CollapsibleArea, boolean>;
  /** Called by a panel when it resizes, so buttons elsewhere know whether it is collapsed. */
  reportCollapsed: (area: CollapsibleArea, collapsed: boolean) => void;
  toggle: (area: CollapsibleArea) => void;
}

const AreaControlsContext = createContext<AreaControls | null>(null);

/**
 * Lets the header's buttons and Problems' own title bar collapse and expand areas that the
 * layout (workbench-areas) owns: one place holds each panel's handle and its collapsed state.
 */
export function AreaControlsProvider({ children }: { children: ReactNode }) {
  const files = usePanelRef();
  const run = usePanelRef();
  const problems = usePanelRef();
  const [collapsed, setCollapsed] = useState<Record<CollapsibleArea, boolean>>({ files: false, run: false, problems: false });
  const value = useMemo<AreaControls>(() => {
    const panelRefs = { files, run, problems };
    return {
      panelRefs,
      collapsed,
      reportCollapsed: (area, isCollapsed) => setCollapsed((previous) => (previous[area] === isCollapsed ? previous : { ...previous, [area]: isCollapsed })),
      toggle: (area) => {
        const panel = panelRefs[area].current;
        if (panel === null) return;
        if (panel.isCollapsed()) panel.expand();
        else panel.collapse();
      },
    };
  }, [files, run, problems, collapsed]);
  return <AreaControlsContext.Provider value={value}>{children}</AreaControlsContext.Provider>;
}

export function useAreaControls(): AreaControls {
  const controls = useContext(AreaControlsContext);
  if (controls === null) throw new Error('useAreaControls outside AreaControlsProvider');
  return controls;
}
