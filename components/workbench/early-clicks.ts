/**
 * Clicks on a part of the page whose code has not come yet (after-tree.tsx), kept until it has.
 * Until then the part is the server's HTML, with no handlers: a click on it would do nothing (or
 * a browser default, such as a label moving the focus). One listener on the window, in the capture
 * phase, stops such a click and remembers where it landed, the last per part: the path of child
 * positions from the part's box to the element. Once the part has rendered, in a box of its own
 * with the same content, the element at that path is clicked again and the part handles it as any
 * click.
 */
const PART_SELECTOR = '[data-after-tree]';

const rendered = new WeakSet<Element>();
/** The last early click per part, by the part's place on the page (its box is replaced when it renders). */
const kept = new Map<string, number[]>();

/** The part's place: its index among the page's part boxes, which every render lists in the same order. */
function placeOf(box: Element): string {
  return String([...document.querySelectorAll(PART_SELECTOR)].indexOf(box));
}

function pathWithin(box: Element, target: Element): number[] {
  const path: number[] = [];
  for (let element = target; element !== box && element.parentElement !== null; element = element.parentElement) {
    path.unshift([...element.parentElement.children].indexOf(element));
  }
  return path;
}

function elementAt(box: Element, path: readonly number[]): Element | null {
  let element: Element | undefined = box;
  for (const index of path) {
    element = element?.children[index];
    if (element === undefined) return null;
  }
  return element ?? null;
}

function keepEarlyClick(event: MouseEvent): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const box = target.closest(PART_SELECTOR);
  if (box === null || rendered.has(box)) return;
  event.preventDefault();
  event.stopPropagation();
  kept.set(placeOf(box), pathWithin(box, target));
}

// From the moment the page's code runs, before React hydrates anything: a click can come as soon as the
// server's HTML is painted. (Evaluated on the server too, where there is no window and nothing to keep.)
if (typeof window !== 'undefined') window.addEventListener('click', keepEarlyClick, { capture: true });

/** The part in `box` has rendered: its clicks pass from now on, and the last one kept is clicked again. */
export function partRendered(box: Element): void {
  rendered.add(box);
  const place = placeOf(box);
  const path = kept.get(place);
  kept.delete(place);
  if (path === undefined) return;
  const target = elementAt(box, path);
  if (target instanceof HTMLElement) target.click();
}
