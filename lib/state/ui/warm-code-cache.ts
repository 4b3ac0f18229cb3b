/**
 * Makes a person's first reload read V8's code cache for the page's first scripts, as every later
 * reload does, instead of producing it on the way to an interactive tree.
 *
 * Chromium keeps a script's compiled code (V8's code cache) only from its second run on: the first
 * run notes the time, the second writes the cache, and later runs read it. For every script the
 * page's HTML names, a person's first reload is that second run, and writing the caches then took
 * the main thread before the tree was interactive (docs/performance.md, 2026-11-28, seventh
 * session). So, once the first visit is idle, those scripts are run a second time here, in a hidden
 * frame of the page's own origin, one per idle moment: their caches are written now, and the first
 * reload reads them.
 *
 * Running them again does nothing else: each is a Turbopack chunk, whose only statement adds its
 * module factories to the global `TURBOPACK` list, and in the frame that list is a plain array no
 * runtime reads (Turbopack's own runtime chunk, which would read it, is not run there). The page
 * remembers which scripts it has warmed, so a build is warmed once.
 */

import { parseStoredJsonUpTo, readStoredText, writeStoredJson } from '../storage/local-storage';
import { whenIdle } from './when-idle';

const WARMED_KEY = 'workerbench:code-cache-warmed';
/** The record's bound: a build's HTML names about a dozen scripts (about 1 KB); anything far longer is not ours. */
const MAX_RECORD_CHARACTERS = 64 * 1024;

/** The part of a PerformanceResourceTiming entry the choice reads. */
export interface LoadedResource {
  name: string;
  startTime: number;
}

/**
 * The build's scripts that the page's HTML names: requested from this origin's `/_next/static/`
 * before the HTML was parsed (by the parser or its preload scanner), in the order requested,
 * without Turbopack's runtime chunk (`turbopack-<hash>.js`), which acts when it runs.
 */
export function scriptsTheHtmlNames(resources: readonly LoadedResource[], parsedAt: number, origin: string): string[] {
  const scripts = new Set<string>();
  for (const resource of resources) {
    if (resource.startTime > parsedAt) continue;
    let url: URL;
    try {
      url = new URL(resource.name);
    } catch {
      continue;
    }
    if (url.origin !== origin || !url.pathname.startsWith('/_next/static/') || !url.pathname.endsWith('.js')) continue;
    if (/(^|\/)turbopack-[^/]*\.js$/.test(url.pathname)) continue;
    scripts.add(`${url.origin}${url.pathname}`);
  }
  return [...scripts];
}

/**
 * Whether any of `scripts` is missing from what was warmed before: `stored` is the record as parsed
 * (untrusted: anything but a list reads as nothing warmed).
 */
export function needsWarming(scripts: readonly string[], stored: unknown): boolean {
  if (scripts.length === 0) return false;
  const known = new Set(Array.isArray(stored) ? stored : []);
  return scripts.some((script) => !known.has(script));
}

function readWarmed(): unknown {
  const text = readStoredText(WARMED_KEY);
  return text === undefined ? undefined : parseStoredJsonUpTo(text, MAX_RECORD_CHARACTERS);
}

/** Runs `source` in the frame's document and resolves once it has run (or failed to load). */
function runIn(frameDocument: Document, source: string): Promise<void> {
  return new Promise((resolve) => {
    const script = frameDocument.createElement('script');
    script.src = source;
    script.onload = () => resolve();
    script.onerror = () => resolve();
    frameDocument.head.append(script);
  });
}

/**
 * Once the page is idle, runs the scripts its HTML named a second time (see above), one per idle
 * callback so that no task is longer than one script's cache. Does nothing where the browser has
 * no idle callbacks or the scripts were warmed before. Returns a function that stops it.
 */
export function warmCodeCacheWhenIdle(): () => void {
  // Without idle callbacks this is not Chromium, whose caching this is for: nothing to gain.
  if (typeof window.requestIdleCallback !== 'function') return () => undefined;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation === undefined) return () => undefined;
  const scripts = scriptsTheHtmlNames(performance.getEntriesByType('resource'), navigation.domInteractive, window.location.origin);
  if (!needsWarming(scripts, readWarmed())) return () => undefined;
  // A User Timing mark, as the start's phases have: when a visit decided to warm.
  performance.mark('workerbench:code-cache-warming');

  let stopped = false;
  let cancelPending: () => void = () => undefined;
  let frame: HTMLIFrameElement | null = null;
  const finish = () => {
    frame?.remove();
    frame = null;
  };
  const next = (step: () => void) => {
    cancelPending = whenIdle(() => {
      if (!stopped) step();
    });
  };
  const warmFrom = (index: number) => {
    if (index === scripts.length) {
      // Should storage refuse, the next visit warms again, which costs only idle time.
      writeStoredJson(WARMED_KEY, scripts);
      finish();
      return;
    }
    if (frame === null) {
      frame = document.createElement('iframe');
      frame.hidden = true;
      frame.tabIndex = -1;
      frame.setAttribute('aria-hidden', 'true');
      frame.dataset.purpose = 'code-cache';
      document.body.append(frame);
    }
    const frameWindow = frame.contentWindow as (Window & { TURBOPACK?: unknown[] }) | null;
    const frameDocument = frame.contentDocument;
    if (frameWindow === null || frameDocument === null) {
      finish();
      return;
    }
    frameWindow.TURBOPACK ??= [];
    void runIn(frameDocument, scripts[index]!).then(() => {
      if (!stopped) next(() => warmFrom(index + 1));
    });
  };
  next(() => warmFrom(0));

  return () => {
    stopped = true;
    cancelPending();
    finish();
  };
}
