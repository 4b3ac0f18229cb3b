/**
 * The sizes of the IDE's resizable areas, as in VS Code: the files sidebar and the run panel beside
 * the editor, Problems below it. Each size is a percentage of its group (the window's width for
 * the columns, the centre column's height for Problems), so the layout scales with the window; the
 * least sizes are pixels (a readable tree, run form and editor), checked against the group's size
 * when a person drags. The stylesheet lays the areas out from these figures (app/globals.css,
 * `.workbench-body`), so the server's HTML has the layout the page keeps before any script runs.
 * No DOM here: components/workbench/areas applies and keeps the layout.
 */

import { parseStoredJsonUpTo, storedRecord } from '@/lib/state/storage/local-storage';

export type ResizableArea = 'files' | 'run' | 'problems';

export const RESIZABLE_AREAS: readonly ResizableArea[] = ['files', 'run', 'problems'];

export interface AreaLayout {
  /** Percent of the group, each in [0, 100]. */
  sizes: Record<ResizableArea, number>;
  collapsed: Record<ResizableArea, boolean>;
}

/** What a first visit shows. Problems starts folded to its title: it opens when the project has problems. */
export const DEFAULT_AREA_LAYOUT: AreaLayout = {
  sizes: { files: 18, run: 30, problems: 22 },
  collapsed: { files: false, run: false, problems: true },
};

interface AreaLimits {
  /** The least size in pixels (shrunk to `maxPercent` of a group too small for it). */
  minPixels: number;
  maxPercent: number;
}

/** Kept in step with the clamps of `.workbench-body` and `.main-column` in app/globals.css. */
export const AREA_LIMITS: Record<ResizableArea, AreaLimits> = {
  files: { minPixels: 180, maxPercent: 40 },
  run: { minPixels: 300, maxPercent: 60 },
  problems: { minPixels: 90, maxPercent: 70 },
};

/** What the resized area leaves to the area that takes the rest (the editor), in pixels. */
export const CENTRE_MIN_WIDTH = 320;
export const EDITOR_MIN_HEIGHT = 120;

/**
 * The size, in pixels, a drag or a key press asks for, made one the layout can take: at least the
 * area's least size (or, dragged below half of it, collapsed), at most its largest share of the
 * group and what leaves the centre its room. `othersPixels` is what the group's other areas
 * take (the other side column; nothing for Problems).
 */
export function fitAreaSize(area: ResizableArea, requestedPixels: number, group: { pixels: number; othersPixels: number }): { collapse: true } | { collapse: false; percent: number } {
  const { pixels: groupPixels, othersPixels } = group;
  if (!(groupPixels > 0) || !Number.isFinite(requestedPixels)) return { collapse: false, percent: DEFAULT_AREA_LAYOUT.sizes[area] };
  const limits = AREA_LIMITS[area];
  const maxPixels = (limits.maxPercent / 100) * groupPixels;
  const leastPixels = Math.min(limits.minPixels, maxPixels);
  if (requestedPixels < leastPixels / 2) return { collapse: true };
  const roomLeft = groupPixels - othersPixels - (area === 'problems' ? EDITOR_MIN_HEIGHT : CENTRE_MIN_WIDTH);
  const pixels = Math.max(leastPixels, Math.min(requestedPixels, maxPixels, roomLeft));
  return { collapse: false, percent: roundPercent((pixels / groupPixels) * 100) };
}

function roundPercent(percent: number): number {
  return Math.round(Math.min(100, Math.max(0, percent)) * 100) / 100;
}

/** Longer than any layout this module writes: a longer stored text is not read at all. */
const STORED_LAYOUT_MAX_CHARACTERS = 400;

/**
 * The layout kept in this browser, read as untrusted (another tab, an older version, a person's
 * edit): every figure that is not a number in [0, 100] or a boolean falls back to its default,
 * and anything unreadable is the default layout.
 */
export function parseStoredLayout(text: string | null): AreaLayout {
  if (text === null) return DEFAULT_AREA_LAYOUT;
  const value = storedRecord(parseStoredJsonUpTo(text, STORED_LAYOUT_MAX_CHARACTERS));
  if (value === null) return DEFAULT_AREA_LAYOUT;
  const sizes = storedRecord(value.sizes) ?? {};
  const collapsed = storedRecord(value.collapsed) ?? {};
  const layout: AreaLayout = { sizes: { ...DEFAULT_AREA_LAYOUT.sizes }, collapsed: { ...DEFAULT_AREA_LAYOUT.collapsed } };
  for (const area of RESIZABLE_AREAS) {
    const size = sizes[area];
    if (typeof size === 'number' && Number.isFinite(size) && size >= 0 && size <= 100) layout.sizes[area] = roundPercent(size);
    const isCollapsed = collapsed[area];
    if (typeof isCollapsed === 'boolean') layout.collapsed[area] = isCollapsed;
  }
  return layout;
}

/** Longer than the columns' layout react-resizable-panels kept for these areas. */
const EARLIER_LAYOUT_MAX_CHARACTERS = 2_000;

/**
 * The columns' layout the areas had under react-resizable-panels (until 2026-11-28), read as
 * untrusted like the layout above, so that a person's arrangement survives the change: that
 * library kept `{ "<its panels' key>": { "layout": [files, centre, run] } }` in percent, 0 for a
 * collapsed panel (whose size before is not known then: the default). Null when there is none
 * to take over.
 */
export function layoutFromEarlierVersion(columnsText: string | null): AreaLayout | null {
  if (columnsText === null) return null;
  const value = storedRecord(parseStoredJsonUpTo(columnsText, EARLIER_LAYOUT_MAX_CHARACTERS));
  if (value === null) return null;
  const sizes = storedRecord(Object.values(value)[0])?.layout;
  if (!Array.isArray(sizes) || sizes.length !== 3 || !sizes.every((size) => typeof size === 'number' && Number.isFinite(size) && size >= 0 && size <= 100)) return null;
  const [files, , run] = sizes as number[];
  const side = (size: number, area: 'files' | 'run') => (size === 0 ? { size: DEFAULT_AREA_LAYOUT.sizes[area], collapsed: true } : { size: roundPercent(size), collapsed: false });
  const [filesSide, runSide] = [side(files!, 'files'), side(run!, 'run')];
  return {
    sizes: { ...DEFAULT_AREA_LAYOUT.sizes, files: filesSide.size, run: runSide.size },
    collapsed: { ...DEFAULT_AREA_LAYOUT.collapsed, files: filesSide.collapsed, run: runSide.collapsed },
  };
}

export function serializeLayout(layout: AreaLayout): string {
  return JSON.stringify({ sizes: layout.sizes, collapsed: layout.collapsed });
}
