/**
 * Clicks on a part of the page that has not hydrated yet (after-tree.tsx), kept until it has. React
 * would drop them: a discrete event on server HTML whose code has not arrived is stopped, not
 * replayed. Kept here instead: one listener on the window, in the capture phase (before React's
 * on the document), stops such a click and remembers its target, the last per part; once the part
 * has hydrated, that same element (hydration keeps the server's elements) is clicked again, and
 * React handles it as any click.
 */
const PART_SELECTOR = '[data-after-tree]';

const hydrated = new WeakSet<Element>();
const kept = new WeakMap<Element, HTMLElement>();

function keepEarlyClick(event: MouseEvent): void {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  const part = target.closest(PART_SELECTOR);
  if (part === null || hydrated.has(part)) return;
  event.preventDefault();
  event.stopPropagation();
  kept.set(part, target);
}

// From the moment the page's code runs, before React hydrates anything: a click can come as soon as the
// server's HTML is painted. (Evaluated on the server too, where there is no window and nothing to keep.)
if (typeof window !== 'undefined') window.addEventListener('click', keepEarlyClick, { capture: true });

/** The part in `box` has hydrated: its clicks pass from now on, and the last one kept is clicked again. */
export function partHydrated(box: Element): void {
  hydrated.add(box);
  const target = kept.get(box);
  kept.delete(box);
  if (target !== undefined && target.isConnected && box.contains(target)) target.click();
}
