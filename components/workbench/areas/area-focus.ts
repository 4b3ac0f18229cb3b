import { AREA_ORDER, adjacentArea, type WorkbenchArea } from '@/lib/state/ui/commands/area-order';

/*
 * Moving the focus between the areas by keyboard (F6, the palette's "Focus …" commands). Each area's
 * panel carries data-area (workbench-areas.tsx); in it the focus goes where a person would start:
 * the tree's current row, the editor's text, a waiting approval question, the first problem.
 */
const TABBABLE = 'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where the focus lands in each area, best first; else the area's first control. */
const PREFERRED: Record<WorkbenchArea, readonly string[]> = {
  files: ['[role="treeitem"][tabindex="0"]', '[role="tree"]'],
  editor: ['.monaco-editor textarea', '[data-testid="markdown-preview"]'],
  run: ['[data-testid="approval-item"]', '#run-input', '[data-testid="run-input-form"] input, [data-testid="run-input-form"] textarea'],
  problems: ['.problems-list button', '[data-testid="problems-panel"]'],
};

function areaElement(area: WorkbenchArea): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-area="${area}"]`);
}

function isVisible(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/** The area that holds the focus now, if any. */
export function focusedArea(): WorkbenchArea | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return null;
  return AREA_ORDER.find((area) => areaElement(area)?.contains(active) === true) ?? null;
}

/** Moves the focus into the area; false when the area is not on screen or holds nothing to focus. */
export function focusArea(area: WorkbenchArea): boolean {
  const root = areaElement(area);
  if (root === null || !isVisible(root)) return false;
  const candidates = [...PREFERRED[area], TABBABLE];
  for (const selector of candidates) {
    const target = [...root.querySelectorAll<HTMLElement>(selector)].find(isVisible);
    if (target !== undefined) {
      target.focus();
      if (root.contains(document.activeElement)) return true;
    }
  }
  return false;
}

/** F6 / Shift+F6: the next (previous) shown area, wrapping; an area with nothing to focus is passed too. */
export function focusAdjacentArea(direction: 1 | -1, isCollapsed: (area: WorkbenchArea) => boolean): void {
  let current = focusedArea();
  const tried = new Set<WorkbenchArea>();
  for (;;) {
    const next = adjacentArea(current, direction, (area) => !isCollapsed(area) && !tried.has(area));
    if (next === null) return;
    if (focusArea(next)) return;
    tried.add(next);
    current = next;
  }
}
