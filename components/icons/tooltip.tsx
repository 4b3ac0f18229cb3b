'use client';

import { cloneElement, type ReactElement } from 'react';
import { deferredModule } from '@/components/deferred/deferred-module';

/*
 * Tooltips come from Radix (tooltip-view.tsx), fetched when the page is idle rather than with the
 * first load: positioning code the file tree does not need to appear. Until then a control shows
 * the browser's own tooltip (title) with the same text.
 */
const tooltipViews = deferredModule(() => import('./tooltip-view'));

export const preloadTooltips = tooltipViews.preload;

/** A tooltip on hover and on keyboard focus for one control (its only child, which must take a ref). */
export function Tooltip({ text, children }: { text: string; children: ReactElement<{ title?: string }> }) {
  const module = tooltipViews.useLoaded();
  if (module === null) return cloneElement(children, { title: text });
  return <module.TooltipView text={text}>{children}</module.TooltipView>;
}
