/**
 * IDE load: how long a fresh browser takes from navigation to an interactive
 * file tree, and how much JavaScript `/` ships before Monaco (gzip). It builds
 * nothing: start a production server first (`npm run build && npx next start -p 3100`),
 * or it skips with a message. Numbers only; nothing here asserts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const RUNS = 5;
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
    const warm: number[] = [];
    const editor: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // A fresh context is a first visit: empty IndexedDB, so the example project is created too.
      const context = await browser.newContext();
      const page = await context.newPage();
      let start = performance.now();
      await page.goto(baseUrl);
      await page.locator('[role="treeitem"]').first().waitFor();
      cold.push(performance.now() - start);
      await page.locator('.monaco-editor .view-lines').waitFor();
      editor.push(performance.now() - start);
      start = performance.now();
      await page.reload();
      await page.locator('[role="treeitem"]').first().waitFor();
      warm.push(performance.now() - start);
      await context.close();
    }
    const javascript = await firstLoadJavaScript();
    // Targets of the performance issue, printed beside each figure; nothing asserts (timing is measured, not tested).
    console.log(`navigation → interactive file tree, first visit (median of ${RUNS}): ${median(cold).toFixed(0)} ms (target ≤ ${TREE_TARGET_MS} ms)`);
    console.log(`navigation → interactive file tree, reload (median of ${RUNS}):      ${median(warm).toFixed(0)} ms`);
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
