'use client';

import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { DEFAULT_AREA_LAYOUT, RESIZABLE_AREAS, fitAreaSize, layoutFromEarlierVersion, parseStoredLayout, serializeLayout, type AreaLayout, type ResizableArea } from '@/lib/state/ui/area-layout';

/** The areas that can collapse: the files sidebar, the run panel and Problems (the editor always shows). */
export type CollapsibleArea = ResizableArea;

/** Where this browser keeps the layout. */
const LAYOUT_STORAGE_KEY = 'workerbench.layout';

interface AreaControls {
  layout: AreaLayout;
  collapsed: AreaLayout['collapsed'];
  toggle: (area: CollapsibleArea) => void;
  setCollapsed: (area: CollapsibleArea, collapsed: boolean) => void;
  /**
   * Asks for an area's size in pixels (a splitter's drag or key press): fitted to the area's
   * limits, or collapsed when asked for less than half its least size. With `preview`, the size
   * only shows (a drag in progress: no React render, nothing kept); the last call of a drag is not a preview.
   */
  resize: (area: CollapsibleArea, pixels: number, options?: { preview?: boolean }) => void;
  /** Shows the committed layout again after a drag's previews (a drag cancelled). */
  endPreview: () => void;
  /** The area's size now, in pixels (0 collapsed); for a splitter's drag start and its keys. */
  pixelsOf: (area: CollapsibleArea) => number;
  /** The layout's two groups: the row of columns, and the centre column (the editor over Problems). */
  bodyRef: RefObject<HTMLDivElement | null>;
  centreRef: RefObject<HTMLElement | null>;
}

const AreaControlsContext = createContext<AreaControls | null>(null);

/** Where react-resizable-panels kept the areas' columns and rows, before this layout (area-layout.ts). */
const EARLIER_LAYOUT_KEYS = { columns: 'react-resizable-panels:workbench-columns', rows: 'react-resizable-panels:workbench-rows' };

function readStoredLayout(): AreaLayout {
  try {
    const kept = window.localStorage.getItem(LAYOUT_STORAGE_KEY);
    if (kept !== null) return parseStoredLayout(kept);
    // Taken over once from the earlier version (kept under our key from then on), its keys removed.
    const earlierText = window.localStorage.getItem(EARLIER_LAYOUT_KEYS.columns);
    if (earlierText === null) return DEFAULT_AREA_LAYOUT;
    window.localStorage.removeItem(EARLIER_LAYOUT_KEYS.columns);
    window.localStorage.removeItem(EARLIER_LAYOUT_KEYS.rows);
    return layoutFromEarlierVersion(earlierText) ?? DEFAULT_AREA_LAYOUT;
  } catch {
    return DEFAULT_AREA_LAYOUT;
  }
}

function keepLayout(layout: AreaLayout): void {
  try {
    window.localStorage.setItem(LAYOUT_STORAGE_KEY, serializeLayout(layout));
  } catch {
    // Storage refused or full: the layout still applies, it is only not kept.
  }
}

/** The CSS variable that sizes each area (app/globals.css, `.workbench-body` and `.main-column`). */
export const SIZE_VARIABLE: Record<CollapsibleArea, string> = { files: '--files-size', run: '--run-size', problems: '--problems-size' };

/**
 * Holds the areas' layout for the layout itself (workbench-areas) and for everything that
 * collapses or expands an area from elsewhere (the header's buttons, the palette, F6). The
 * stylesheet lays the areas out; this only sets their sizes and collapsed states, and keeps them
 * in this browser.
 */
export function AreaControlsProvider({ children }: { children: ReactNode }) {
  const bodyRef = useRef<HTMLDivElement | null>(null);
  const centreRef = useRef<HTMLElement | null>(null);
  // The server's layout first, so hydration matches its HTML; the kept one right after, before the first paint of the hydrated page.
  const [layout, setLayout] = useState<AreaLayout>(DEFAULT_AREA_LAYOUT);
  useLayoutEffect(() => {
    // Problems' fold is not kept: it follows the project's problems (workbench-areas.tsx).
    const kept = readStoredLayout();
    const stored = { ...kept, collapsed: { ...kept.collapsed, problems: DEFAULT_AREA_LAYOUT.collapsed.problems } };
    if (serializeLayout(stored) !== serializeLayout(DEFAULT_AREA_LAYOUT)) setLayout(stored);
  }, []);
  // Kept on every change; the first state is the default object itself, which is never written
  // (it would overwrite the kept layout before that is read back).
  useLayoutEffect(() => {
    if (layout !== DEFAULT_AREA_LAYOUT) keepLayout(layout);
  }, [layout]);
  const setCollapsed = useCallback(
    (area: CollapsibleArea, isCollapsed: boolean) =>
      setLayout((previous) => (previous.collapsed[area] === isCollapsed ? previous : { ...previous, collapsed: { ...previous.collapsed, [area]: isCollapsed } })),
    [],
  );
  const value = useMemo<AreaControls>(() => {
    const groupOf = (area: CollapsibleArea) => (area === 'problems' ? centreRef.current : bodyRef.current);
    const elementOf = (area: CollapsibleArea) => groupOf(area)?.querySelector<HTMLElement>(`:scope > [data-area="${area}"]`) ?? null;
    return {
      layout,
      collapsed: layout.collapsed,
      setCollapsed,
      toggle: (area) => setLayout((previous) => ({ ...previous, collapsed: { ...previous.collapsed, [area]: !previous.collapsed[area] } })),
      endPreview: () => {
        for (const area of RESIZABLE_AREAS) {
          const group = groupOf(area);
          if (group === null) continue;
          group.toggleAttribute(`data-${area}-collapsed`, layout.collapsed[area]);
          group.style.setProperty(SIZE_VARIABLE[area], `${layout.sizes[area]}%`);
        }
      },
      pixelsOf: (area) => {
        if (layout.collapsed[area]) return 0;
        const box = elementOf(area)?.getBoundingClientRect();
        return box === undefined ? 0 : area === 'problems' ? box.height : box.width;
      },
      resize: (area, pixels, options) => {
        const group = groupOf(area);
        if (group === null) return;
        const groupBox = group.getBoundingClientRect();
        const other = area === 'files' ? 'run' : area === 'run' ? 'files' : null;
        const otherBox = other === null || layout.collapsed[other] ? undefined : elementOf(other)?.getBoundingClientRect();
        const fitted = fitAreaSize(area, pixels, { pixels: area === 'problems' ? groupBox.height : groupBox.width, othersPixels: otherBox?.width ?? 0 });
        if (options?.preview === true) {
          // A drag in progress shows through the stylesheet's variables alone; its end commits it.
          if (fitted.collapse) group.setAttribute(`data-${area}-collapsed`, '');
          else {
            group.removeAttribute(`data-${area}-collapsed`);
            group.style.setProperty(SIZE_VARIABLE[area], `${fitted.percent}%`);
          }
          return;
        }
        setLayout((previous) =>
          fitted.collapse
            ? { ...previous, collapsed: { ...previous.collapsed, [area]: true } }
            : { sizes: { ...previous.sizes, [area]: fitted.percent }, collapsed: { ...previous.collapsed, [area]: false } },
        );
      },
      bodyRef,
      centreRef,
    };
  }, [layout, setCollapsed]);
  return <AreaControlsContext.Provider value={value}>{children}</AreaControlsContext.Provider>;
}

export function useAreaControls(): AreaControls {
  const controls = useContext(AreaControlsContext);
  if (controls === null) throw new Error('useAreaControls outside AreaControlsProvider');
  return controls;
}
