'use client';

import { createContext, useContext, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { ImperativePanelHandle } from 'react-resizable-panels';

/** The areas that can collapse: the files sidebar, the run panel and Problems (the editor always shows). */
export type CollapsibleArea = 'files' | 'run' | 'problems';

interface AreaControls {
  panelRefs: Record<CollapsibleArea, RefObject<ImperativePanelHandle | null>>;
  collapsed: Record<CollapsibleArea, boolean>;
  /** Called by a panel when it collapses or expands, so buttons elsewhere know. */
  reportCollapsed: (area: CollapsibleArea, collapsed: boolean) => void;
  toggle: (area: CollapsibleArea) => void;
}

const AreaControlsContext = createContext<AreaControls | null>(null);

/**
 * Lets the header's buttons collapse and expand areas that the layout (workbench-areas) owns:
 * one place holds each panel's handle and whether it is collapsed.
 */
export function AreaControlsProvider({ children }: { children: ReactNode }) {
  const files = useRef<ImperativePanelHandle | null>(null);
  const run = useRef<ImperativePanelHandle | null>(null);
  const problems = useRef<ImperativePanelHandle | null>(null);
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
  }, [collapsed]);
  return <AreaControlsContext.Provider value={value}>{children}</AreaControlsContext.Provider>;
}

export function useAreaControls(): AreaControls {
  const controls = useContext(AreaControlsContext);
  if (controls === null) throw new Error('useAreaControls outside AreaControlsProvider');
  return controls;
}
