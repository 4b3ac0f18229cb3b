import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Layout checks for a screen as a person sees it (issue 29): nothing wider than its box, every
 * action button on screen and not covered, no text drawn over other text, the page itself never
 * scrolling, and no serious or critical accessibility violation. Monaco's own DOM is left out:
 * it lays out and scrolls its lines itself. The checks are soft: one run reports every problem of a
 * screen, and the test still fails.
 */

/** The two sizes every screen is checked at; 1024x700 is the tightest the ui-guide asks for. */
export const SCREEN_SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

const SKIPPED = '.monaco-editor, .monaco-diff-editor';

/** The page never scrolls: whatever does not fit scrolls inside its area. */
export async function expectPageDoesNotScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { width: root.scrollWidth - window.innerWidth, height: root.scrollHeight - window.innerHeight };
  });
  expect.soft(overflow, 'the page scrolls (content wider or taller than the window)').toEqual({ width: 0, height: 0 });
}

/**
 * No content wider than its box: the box, and every box inside it that clips or scrolls, needs no
 * sideways scrolling, and nothing pokes out of the nearest box that would clip it. Text cut with an
 * ellipsis on purpose is fine; so are elements inside Monaco.
 */
export async function expectContentFits(box: Locator): Promise<void> {
  const problems = await box.evaluate((root, skipped) => {
    const found: string[] = [];
    const describe = (element: Element) => {
      const id = element.getAttribute('data-testid');
      const classes = typeof element.className === 'string' && element.className !== '' ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      return `${element.tagName.toLowerCase()}${id === null ? '' : `[data-testid=${id}]`}${classes} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    };
    const clips = (element: Element) => {
      const style = getComputedStyle(element);
      return style.overflowX !== 'visible' || style.overflowY !== 'visible';
    };
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const elements = [root, ...Array.from(root.querySelectorAll('*'))].filter((element) => element.closest(skipped) === null && visible(element));
    for (const element of elements) {
      const style = getComputedStyle(element);
      // A box that clips or scrolls must not need sideways scrolling (an ellipsis is a deliberate cut;
      // a form field scrolls its own value, as every text field does).
      const field = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
      if (clips(element) && !field && style.textOverflow !== 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${describe(element)} is ${element.scrollWidth - element.clientWidth}px wider inside than its box`);
      }
      if (element === root) continue;
      // Nothing sticks out of the nearest box that would clip it (or out of the checked box).
      let container: Element | null = element.parentElement;
      while (container !== null && container !== root && !clips(container)) container = container.parentElement;
      if (container === null) continue;
      const outer = container.getBoundingClientRect();
      const inner = element.getBoundingClientRect();
      if (inner.right > outer.right + 1 || inner.left < outer.left - 1) {
        // Content scrolled out of a vertical scroller is fine; sideways it is not.
        found.push(`${describe(element)} sticks out of ${describe(container)} sideways (${Math.round(inner.left)}..${Math.round(inner.right)} vs ${Math.round(outer.left)}..${Math.round(outer.right)})`);
      }
    }
    return found.slice(0, 12);
  }, SKIPPED);
  expect.soft(problems, 'content wider than its box').toEqual([]);
}

/**
 * Every enabled button in the box, brought into view the way a person scrolls to it, lies inside
 * the window and is what a click at its centre hits (not covered by a form, a panel or another button).
 */
export async function expectActionsReachable(page: Page, box: Locator): Promise<void> {
  const buttons = box.locator('button:not([disabled]), [role="button"]:not([aria-disabled="true"])');
  const count = await buttons.count();
  const problems: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const button = buttons.nth(index);
    if (!(await button.isVisible())) continue;
    const problem = await button.evaluate((element, skipped) => {
      if (element.closest(skipped) !== null) return null;
      element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const rect = element.getBoundingClientRect();
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 50);
      if (rect.left < 0 || rect.top < 0 || rect.right > window.innerWidth + 0.5 || rect.bottom > window.innerHeight + 0.5) {
        return `"${name}" is outside the window (${Math.round(rect.left)},${Math.round(rect.top)} to ${Math.round(rect.right)},${Math.round(rect.bottom)})`;
      }
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      if (hit === null || (hit !== element && !element.contains(hit))) {
        return `"${name}" is covered by ${hit === null ? 'nothing hit' : `${hit.tagName.toLowerCase()}.${String(hit.className)} "${(hit.textContent ?? '').trim().slice(0, 30)}"`}`;
      }
      return null;
    }, SKIPPED);
    if (problem !== null) problems.push(problem);
  }
  expect.soft(problems, 'action buttons out of sight or covered').toEqual([]);
}

/** No two pieces of text are drawn over each other (lines of text in the box, compared pairwise). */
export async function expectNoOverlappingText(box: Locator): Promise<void> {
  const overlaps = await box.evaluate((root, skipped) => {
    const rects: { rect: DOMRect; text: string; node: Text }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node !== null; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      if (parent === null || node.data.trim() === '' || parent.closest(skipped) !== null) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
      // What of the text can be seen: its boxes cut by every ancestor that clips (a scroller, an ellipsis).
      let visible = new DOMRect(-1e6, -1e6, 2e6, 2e6);
      for (let ancestor: Element | null = parent; ancestor !== null; ancestor = ancestor.parentElement) {
        const ancestorStyle = getComputedStyle(ancestor);
        if (ancestorStyle.overflowX === 'visible' && ancestorStyle.overflowY === 'visible') continue;
        const clip = ancestor.getBoundingClientRect();
        const left = Math.max(visible.left, clip.left);
        const top = Math.max(visible.top, clip.top);
        visible = new DOMRect(left, top, Math.max(0, Math.min(visible.right, clip.right) - left), Math.max(0, Math.min(visible.bottom, clip.bottom) - top));
      }
      const range = document.createRange();
      range.selectNodeContents(node);
      // Each line box of the text separately: a wrapped text's union rectangle would overlap everything beside it.
      for (const box of Array.from(range.getClientRects())) {
        const left = Math.max(box.left, visible.left);
        const top = Math.max(box.top, visible.top);
        const rect = new DOMRect(left, top, Math.min(box.right, visible.right) - left, Math.min(box.bottom, visible.bottom) - top);
        if (rect.width > 1 && rect.height > 1) rects.push({ rect, text: node.data.trim().slice(0, 30), node });
      }
    }
    const found: string[] = [];
    for (let left = 0; left < rects.length && found.length < 8; left += 1) {
      for (let right = left + 1; right < rects.length; right += 1) {
        const a = rects[left]!;
        const b = rects[right]!;
        if (a.node === b.node) continue;
        const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        // More than a couple of pixels both ways: real overlap, not touching line boxes.
        if (width > 2 && height > Math.min(a.rect.height, b.rect.height) / 3) found.push(`"${a.text}" overlaps "${b.text}"`);
      }
    }
    return found;
  }, SKIPPED);
  expect.soft(overlaps, 'text drawn over other text').toEqual([]);
}

/** An axe-core scan of the screen (or of one part): no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).exclude('.monaco-editor').exclude('.monaco-diff-editor');
  if (include !== undefined) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect.soft(serious, 'serious or critical accessibility violations').toEqual([]);
}

/** Every check above for one screen: the page, one box (a dialog or an area), its actions, its text, axe. */
export async function expectScreenHoldsUp(page: Page, box: Locator, options: { include?: string } = {}): Promise<void> {
  await expectPageDoesNotScroll(page);
  await expectContentFits(box);
  await expectNoOverlappingText(box);
  await expectActionsReachable(page, box);
  await expectNoSeriousA11yViolations(page, options.include);
}

/** A screenshot for a person to look at (kept out of the repository). */
export async function screenshotFor(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  const directory = process.env.LAYOUT_SCREENSHOTS;
  if (directory === undefined || size === null) return;
  await page.screenshot({ path: `${directory}/${name}-${size.width}x${size.height}.png` });
}
