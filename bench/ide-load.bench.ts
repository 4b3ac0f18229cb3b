/**
 * IDE load: how long a fresh browser takes from navigation to an interactive
 * file tree (on the page's clock, from the navigation's start), and how much
 * JavaScript `/` ships before Monaco (gzip). It builds
 * nothing: start a production server first (`npm run build && npx next start -p 3100`),
 * or it skips with a message. Numbers only; nothing here asserts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';

const RUNS = 9;
const TREE_TARGET_MS = 600;
const FIRST_LOAD_TARGET_KIB = 200;
const baseUrl = process.env.WORKERBENCH_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function median(samples: number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function serverIsUp(): Promise<boolean> {
  try {
    const response = await fetch(baseUrl, { signal: AbortSignal.timeout(3_000) });
    return response.ok;
  } catch {
    return false;
  }
}

// Monaco is loaded on demand by the editor; these markers identify its chunks.
function isMonacoChunk(source: string): boolean {
  return source.includes('editorSimpleWorker') || source.includes('monaco-editor') || source.includes('vs/editor/');
}

/** Gzip size of the scripts the HTML of `/` references, read from the local build output. */
async function firstLoadJavaScript(): Promise<{ files: number; gzipBytes: number; monacoFiles: number }> {
  const html = await (await fetch(baseUrl)).text();
  // A `nomodule` script (Next's polyfills for browsers without ES modules) is never fetched by a browser that runs the IDE.
  const sources = [...html.matchAll(/<script([^>]+)>/g)]
    .filter((match) => !/\snomodule\b/i.test(match[1]!))
    .flatMap((match) => /\ssrc="([^"]+\.js)"/.exec(match[1]!)?.slice(1) ?? []);
  let gzipBytes = 0;
  let files = 0;
  let monacoFiles = 0;
  for (const source of new Set(sources)) {
    const localPath = path.join(repositoryRoot, '.next', decodeURIComponent(source.replace(/^\/_next\//, '')).replace(/\?.*$/, ''));
    if (!existsSync(localPath)) continue;
    const bytes = readFileSync(localPath);
    if (isMonacoChunk(bytes.toString('utf8'))) {
      monacoFiles += 1;
      continue;
    }
    files += 1;
    gzipBytes += gzipSync(bytes, { level: 9 }).byteLength;
  }
  return { files, gzipBytes, monacoFiles };
}

/**
 * Marks, on the page's own clock (0 = the navigation's start), when the first
 * tree item is in the DOM. The tree is rendered on the client only, after
 * hydration, so an item in the DOM is an item that answers clicks.
 */
const TREE_OBSERVER = () => {
  new MutationObserver((_, observer) => {
    if (document.querySelector('[role="treeitem"]') === null) return;
    performance.mark('bench:tree-shown');
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true });
};

async function treeShownAt(page: Page): Promise<number> {
  return page.evaluate(() => performance.getEntriesByName('bench:tree-shown')[0]?.startTime ?? Number.NaN);
}

/** The start's own User Timing marks (lib/state/workspace/projects-actions.ts), by name, on the page's clock. */
async function startPhases(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntriesByType('mark')
        .filter((mark) => mark.name.startsWith('workerbench:'))
        .map((mark) => [mark.name.slice('workerbench:'.length), mark.startTime]),
    ),
  );
}

async function main(): Promise<void> {
  if (!(await serverIsUp())) {
    console.log(`ide-load: skipped — no production server at ${baseUrl} (run \`npm run build && npx next start -p 3100\` first).`);
    return;
  }
  if (!existsSync(chromiumPath)) {
    console.log(`ide-load: skipped — no Chromium at ${chromiumPath} (set CHROMIUM_PATH).`);
    return;
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const cold: number[] = [];
    const coldWall: number[] = [];
    const warm: number[] = [];
    const editor: number[] = [];
    const phases = new Map<string, number[]>();
    // One visit first, not counted: the server's first render of `/` warms its JIT, as a live server's is.
    for (let run = -1; run < RUNS; run += 1) {
      // A fresh context is a first visit: empty IndexedDB, so the example project is created too.
      const context = await browser.newContext();
      await context.addInitScript(TREE_OBSERVER);
      const page = await context.newPage();
      let start = performance.now();
      await page.goto(baseUrl);
      await page.locator('[role="treeitem"]').first().waitFor();
      const wall = performance.now() - start;
      const inPage = await treeShownAt(page);
      const phasesOfVisit = await startPhases(page);
      await page.locator('.monaco-editor .view-lines').waitFor();
      const editorWall = performance.now() - start;
      start = performance.now();
      await page.reload();
      await page.locator('[role="treeitem"]').first().waitFor();
      const reloaded = await treeShownAt(page);
      await context.close();
      if (run < 0) continue;
      cold.push(inPage);
      for (const [phase, at] of Object.entries(phasesOfVisit)) phases.set(phase, [...(phases.get(phase) ?? []), at]);
      coldWall.push(wall);
      editor.push(editorWall);
      warm.push(reloaded);
    }
    const javascript = await firstLoadJavaScript();
    // Targets of the performance issue, printed beside each figure; nothing asserts (timing is measured, not tested).
    const verdict = median(cold) <= TREE_TARGET_MS ? 'MET' : 'NOT MET';
    console.log(`navigation → interactive file tree, first visit (median of ${RUNS}): ${median(cold).toFixed(0)} ms (target ≤ ${TREE_TARGET_MS} ms)   ${verdict}`);
    // Where a first visit's time goes before the tree: the page's own marks (storage opened, example written, project read).
    console.log(`  first visit by phase (median ms after navigation): ${[...phases].map(([phase, times]) => `${phase} ${median(times).toFixed(0)}`).join(', ')}, tree ${median(cold).toFixed(0)}`);
    console.log(`navigation → interactive file tree, reload (median of ${RUNS}):      ${median(warm).toFixed(0)} ms`);
    console.log(`the same first visit timed from the test's side (Playwright's goto, a fresh renderer): ${median(coldWall).toFixed(0)} ms`);
    console.log(`navigation → Monaco editor visible, first visit (median of ${RUNS}):  ${median(editor).toFixed(0)} ms`);
    console.log(
      `first-load JS of / without Monaco: ${(javascript.gzipBytes / 1024).toFixed(1)} KiB gzip in ${javascript.files} files (target ≤ ${FIRST_LOAD_TARGET_KIB} KiB)` +
        (javascript.monacoFiles > 0 ? ` (${javascript.monacoFiles} Monaco chunk(s) excluded)` : ''),
    );
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
