'use client';

import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { AREA_LIMITS } from '@/lib/state/ui/area-layout';
import { useAreaControls, type CollapsibleArea } from './area-controls';

/** Pixels an arrow key moves a splitter; with Shift, four times as far. */
const KEY_STEP_PIXELS = 16;

/**
 * The splitter beside (or above) a collapsible area: drag it, or focus it and use the arrow keys
 * (Home: the area's least size, End: its largest, Enter: collapse or expand), as in the WAI-ARIA
 * window splitter pattern. Dragged below half the area's least size, the area collapses.
 */
export function AreaSeparator({ area, label }: { area: CollapsibleArea; label: string }) {
  const controls = useAreaControls();
  const drag = useRef<{ pointer: number; start: number; startPixels: number } | null>(null);
  const vertical = area !== 'problems';
  // Which way the pointer moves to grow the area: files grows rightwards, the run panel leftwards, Problems upwards.
  const growth = area === 'files' ? 1 : -1;

  const moved = (event: PointerEvent<HTMLDivElement>) => (vertical ? event.clientX : event.clientY) - drag.current!.start;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.setAttribute('data-dragging', '');
    drag.current = { pointer: event.pointerId, start: vertical ? event.clientX : event.clientY, startPixels: controls.pixelsOf(area) };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointer !== event.pointerId) return;
    controls.resize(area, drag.current.startPixels + growth * moved(event), { preview: true });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointer !== event.pointerId) return;
    const requested = drag.current.startPixels + growth * moved(event);
    drag.current = null;
    event.currentTarget.removeAttribute('data-dragging');
    controls.resize(area, requested);
  };
  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointer !== event.pointerId) return;
    drag.current = null;
    event.currentTarget.removeAttribute('data-dragging');
    controls.endPreview();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const [grow, shrink] = vertical ? (growth === 1 ? ['ArrowRight', 'ArrowLeft'] : ['ArrowLeft', 'ArrowRight']) : ['ArrowUp', 'ArrowDown'];
    const step = event.shiftKey ? KEY_STEP_PIXELS * 4 : KEY_STEP_PIXELS;
    const now = controls.pixelsOf(area);
    if (event.key === grow) controls.resize(area, Math.max(now, AREA_LIMITS[area].minPixels / 2) + step);
    else if (event.key === shrink) controls.resize(area, now - step);
    else if (event.key === 'Home') controls.resize(area, AREA_LIMITS[area].minPixels);
    else if (event.key === 'End') controls.resize(area, Number.MAX_SAFE_INTEGER);
    else if (event.key === 'Enter') controls.toggle(area);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      className="area-separator"
      aria-label={label}
      aria-orientation={vertical ? 'vertical' : 'horizontal'}
      aria-controls={`area-${area}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={controls.collapsed[area] ? 0 : Math.round(controls.layout.sizes[area])}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onKeyDown={onKeyDown}
    />
  );
}
