import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

/**
 * One first visit and two reloads, in a fresh Chromium profile (its own user data
 * folder: empty HTTP cache and IndexedDB, on disk as a person's browser keeps them),
 * timed on the page's own clock (0 = the navigation's start) by a probe that the
 * page's scripts cannot see or slow: a predicate checked on every animation frame.
 */

/** What counts as ready on each page. */
export type ReadyProbe = 'bare-flag' | 'interactive-tree';

export interface VisitFigures {
  /** Navigation → ready, first visit, ms. */
  firstVisit: number;
  /** Navigation → ready, reload of the same profile, ms. */
  reload: number;
  /**
   * Navigation → ready, a second settled reload, ms: the page's third load, the first on which
   * Chromium runs its scripts from V8's code cache (a script's first run compiles it, its second
   * run within three days also writes the cache, later runs read it). A person's later reloads
   * are this one.
   */
  laterReload: number;
  /** JavaScript requested before ready on the first visit: bytes on the wire (gzip) and decoded, files. */
  scriptWireBytes: number;
  scriptBytes: number;
  scriptFiles: number;
  /** The page's own `workerbench:*` marks on the first visit (ms), and the editor's first text, when shown. */
  marks: Record<string, number>;
  /** The same on the reload, with "ready" (where the reload's time goes: the kept tree, storage, the project read). */
  reloadMarks: Record<string, number>;
  /** Scripts requested before ready on the reload (from the HTTP cache, or not: a script that only starts then is in the way). */
  reloadScriptFiles: number;
  /** The HTML's first byte (the navigation's responseStart, ms), first visit and reload: the server's share of each. */
  htmlFirstByte: number;
  reloadHtmlFirstByte: number;
  /** Whether a click on a folder row at the moment counted as ready was handled (checked when asked). */
  clickHandled?: boolean;
}

/**
 * No media emulation, as in a person's browser. Playwright otherwise emulates the colour scheme,
 * motion and forced colours, and applies that again when a navigation starts: the page being left
 * then gets a platform colour change, which restyles every element it has (two style
 * recalculations in a trace of the IDE's reload, 8–15 ms each for its ~700 elements, none on a
 * tab left unemulated). That charged a reload for the size of the page left behind, not for
 * anything a person's browser does.
 */
const AS_A_PERSONS_BROWSER = { colorScheme: null, reducedMotion: null, forcedColors: null } as const;

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Runs in the page before its own scripts. Marks "bench:ready" in the first animation frame in
 * which the page is ready:
 * - bare-flag: the bare page's client component has set <html data-ready> in its effect;
 * - interactive-tree: the file tree ([role=tree]) shows a row ([role=treeitem]) and React has
 *   attached that row's click handler (its props on the element hold an onClick), so a click on
 *   it now is handled. A row painted from the server's HTML before hydration does not count.
 * With `checkClick`, a click is then sent to a folder row at that very moment and the page notes
 * whether it was handled (its aria-expanded changed): the check that the definition holds.
 * It also marks "bench:editor" when Monaco first shows text.
 */
const PROBE = ({ probe, checkClick }: { probe: ReadyProbe; checkClick: boolean }) => {
  const hasClickHandler = (element: Element) =>
    Object.keys(element).some((key) => key.startsWith('__reactProps$') && typeof (element as unknown as Record<string, { onClick?: unknown }>)[key]?.onClick === 'function');
  const isReady = () => {
    if (probe === 'bare-flag') return document.documentElement.dataset.ready === 'true';
    const row = document.querySelector('[role="tree"] [role="treeitem"]');
    return row !== null && hasClickHandler(row);
  };
  const clickAFolder = () => {
    const folder = document.querySelector('[role="tree"] [role="treeitem"][aria-expanded]');
    if (folder === null) return;
    const before = folder.getAttribute('aria-expanded');
    folder.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    setTimeout(() => {
      document.documentElement.dataset.benchClick = folder.getAttribute('aria-expanded') !== before ? 'handled' : 'ignored';
    }, 100);
  };
  const check = () => {
    if (!isReady()) {
      requestAnimationFrame(check);
      return;
    }
    performance.mark('bench:ready');
    if (checkClick) clickAFolder();
  };
  requestAnimationFrame(check);
  new MutationObserver((_, observer) => {
    if (document.querySelector('.monaco-editor .view-lines') === null) return;
    performance.mark('bench:editor');
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true });
};

/**
 * The probe's source with its argument. tsx (esbuild's keepNames) wraps the probe's inner
 * functions in calls to its `__name` helper, which the page does not have: given here, locally.
 */
function probeScript(probe: ReadyProbe, checkClick: boolean): string {
  return `(() => { const __name = (target) => target; (${PROBE.toString()})(${JSON.stringify({ probe, checkClick })}); })();`;
}

async function readyAt(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('bench:ready').length > 0, undefined, { timeout: 60_000, polling: 50 });
  return page.evaluate(() => performance.getEntriesByName('bench:ready')[0]!.startTime);
}

/** Scripts whose request started before `ready` (a prefetch that starts before ready competes with it). */
async function scriptsBefore(page: Page, ready: number): Promise<{ wire: number; decoded: number; files: number }> {
  return page.evaluate((readyTime) => {
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => entry.startTime < readyTime && new URL(entry.name).pathname.endsWith('.js'),
    );
    return {
      wire: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      decoded: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
      files: scripts.length,
    };
  }, ready);
}

/** When the document's first byte arrived, on the page's clock. */
function htmlFirstByte(page: Page): Promise<number> {
  return page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseStart);
}

async function pageMarks(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntriesByType('mark')
        .filter((mark) => mark.name.startsWith('workerbench:') || mark.name === 'bench:editor')
        .map((mark) => [mark.name.replace(/^workerbench:|^bench:/, ''), mark.startTime]),
    ),
  );
}

/** How long a page's main thread must go without a long task to count as settled (after Playwright's network idle: no request for 500 ms). */
const QUIET_MAIN_THREAD_MS = 1_000;

/**
 * Waits until the page has settled: no request for half a second, then no long task on its main
 * thread for a second (bounded: a page that never settles is reloaded after 20 s). Both pages are
 * reloaded from this state, so a reload measures a later visit, not the first visit's tail. Sent
 * while the IDE's editor was still being compiled, a reload waited for that task: the old
 * document's unload started 108–502 ms after the navigation, against about 35–60 ms settled. And
 * an immediate reload is sooner than a later one: the IDE's reload took 295 ms (median) at once and
 * 351 ms settled, in two runs of this bench one after the other (the bare page 185 and 187 ms).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  await page
    .evaluate(
      ({ quietMs, boundMs }) =>
        new Promise<void>((resolve) => {
          const started = performance.now();
          let lastBusy = started;
          const observer = new PerformanceObserver(() => {
            lastBusy = performance.now();
          });
          observer.observe({ type: 'longtask' });
          const check = () => {
            const now = performance.now();
            if (now - lastBusy >= quietMs || now - started >= boundMs) {
              observer.disconnect();
              resolve();
            } else setTimeout(check, 100);
          };
          check();
        }),
      { quietMs: QUIET_MAIN_THREAD_MS, boundMs: 20_000 },
    )
    .catch(() => undefined);
}

export async function firstVisitAndReload(url: string, probe: ReadyProbe, options: { checkClick?: boolean; chromiumPath: string }): Promise<VisitFigures> {
  const profile = mkdtempSync(path.join(tmpdir(), 'ide-load-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: options.chromiumPath, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 720 }, ...AS_A_PERSONS_BROWSER });
  try {
    await context.addInitScript({ content: probeScript(probe, options.checkClick === true) });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    const firstVisit = await readyAt(page);
    const scripts = await scriptsBefore(page, firstVisit);
    const firstByte = await htmlFirstByte(page);
    let clickHandled: boolean | undefined;
    if (options.checkClick === true) {
      await page.waitForFunction(() => document.documentElement.dataset.benchClick !== undefined, undefined, { timeout: 10_000 }).catch(() => undefined);
      clickHandled = (await page.evaluate(() => document.documentElement.dataset.benchClick)) === 'handled';
    }
    // The IDE's editor comes after the tree; its first text is waited for (briefly).
    if (probe === 'interactive-tree') await page.locator('.monaco-editor .view-lines').waitFor({ timeout: 30_000 }).catch(() => undefined);
    const marks = await pageMarks(page);
    await settle(page);
    await page.reload();
    const reload = await readyAt(page);
    const reloadScripts = await scriptsBefore(page, reload);
    const reloadFirstByte = await htmlFirstByte(page);
    // The reload's own phases come after ready; a short wait lets the stored project's arrive.
    await page.waitForFunction(() => performance.getEntriesByName('workerbench:project-loaded').length > 0, undefined, { timeout: 30_000 }).catch(() => undefined);
    const reloadMarks = { ...(await pageMarks(page)), ready: reload };
    await settle(page);
    await page.reload();
    const laterReload = await readyAt(page);
    return {
      firstVisit,
      reload,
      laterReload,
      scriptWireBytes: scripts.wire,
      scriptBytes: scripts.decoded,
      scriptFiles: scripts.files,
      marks,
      reloadMarks,
      reloadScriptFiles: reloadScripts.files,
      htmlFirstByte: firstByte,
      reloadHtmlFirstByte: reloadFirstByte,
      clickHandled,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
