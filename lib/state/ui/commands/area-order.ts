/**
 * The order F6 moves the focus through the IDE's areas (VS Code's "focus next part"): files,
 * editor, run panel, Problems, then round again; Shift+F6 goes back. Areas that are collapsed are
 * passed over, so the focus never lands somewhere hidden.
 */
export const AREA_ORDER = ['files', 'editor', 'run', 'problems'] as const;

export type WorkbenchArea = (typeof AREA_ORDER)[number];

/**
 * The area after (or before) the current one, wrapping, among the shown ones; from outside every
 * area, the first (or the last). Null when no area is shown.
 */
export function adjacentArea(current: WorkbenchArea | null, direction: 1 | -1, isShown: (area: WorkbenchArea) => boolean): WorkbenchArea | null {
  const count = AREA_ORDER.length;
  const start = current === null ? (direction === 1 ? -1 : count) : AREA_ORDER.indexOf(current);
  for (let step = 1; step <= count; step += 1) {
    const area = AREA_ORDER[(((start + direction * step) % count) + count) % count]!;
    if (isShown(area)) return area;
  }
  return null;
}
