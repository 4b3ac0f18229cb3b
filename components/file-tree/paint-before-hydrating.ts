/**
 * Lets the browser paint the file tree before Next hydrates the rest of the page.
 *
 * The tree is rendered from the client instrumentation hook (instrumentation-client.ts), and
 * Next's client then hydrates the page in the same task: it evaluates its router's code and
 * starts hydration, about 40 ms on a first visit on our 2-core machines, and no frame can show
 * the tree until that task ends. Next's client first runs the page's `beforeInteractive`
 * scripts, listed in `self.__next_s`, one after another, and hydrates after the last; after an
 * inline one it waits for a timer (next/dist/client/app-bootstrap.js). One empty inline entry
 * therefore ends the task with the tree rendered: the browser paints it, and the page hydrates in
 * the next task. An empty script runs nothing and needs no CSP allowance (the HTML standard stops
 * before its policy checks when a script has no source text). In a tab opened in the background
 * the browser may hold that timer up to a second, while nobody sees the page.
 *
 * The list is Next's internal, not its API: a Next that stops reading it hydrates in one task, as
 * before (e2e/ide-load.spec.ts checks that Next took the entry).
 */

/** The inline entry's props, as `next/script` would list them: no attributes, no text. */
const EMPTY_INLINE_SCRIPT = { children: '' };

type WithBeforeInteractiveScripts = typeof globalThis & { __next_s?: Array<[string | undefined, Record<string, unknown>]> };

export function paintBeforeHydrating(): void {
  const page = globalThis as WithBeforeInteractiveScripts;
  (page.__next_s ??= []).push([undefined, EMPTY_INLINE_SCRIPT]);
}
