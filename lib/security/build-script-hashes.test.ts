import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** A build folder with a prerendered page holding one inline script. */
function buildWithPage(script: string): string {
  const build = mkdtempSync(path.join(tmpdir(), 'workerbench-build-'));
  mkdirSync(path.join(build, 'server', 'app'), { recursive: true });
  writeFileSync(path.join(build, 'server', 'app', 'index.html'), `<html><body><script>${script}</script></body></html>`);
  return build;
}

/** The module afresh: it keeps what it read for the process's life. */
async function hashesOf(build: string): Promise<readonly string[]> {
  vi.resetModules();
  const { buildInlineScriptHashes } = await import('./build-script-hashes');
  return buildInlineScriptHashes(build);
}

let logged: string[];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
});
afterEach(() => vi.restoreAllMocks());

describe('the production build\'s inline-script hashes', () => {
  it('are read from the file the post-build step wrote', async () => {
    const build = buildWithPage('fromPage()');
    writeFileSync(path.join(build, 'inline-script-hashes.json'), JSON.stringify({ hashes: [sha256('fromFile()')] }));
    expect(await hashesOf(build)).toEqual([sha256('fromFile()')]);
  });

  it('without that file (`next build` run directly), are worked out from the prerendered pages', async () => {
    expect(await hashesOf(buildWithPage('fromPage()'))).toEqual([sha256('fromPage()')]);
    expect(logged).toEqual([]);
  });

  it('a malformed file does not admit what it names: the pages decide', async () => {
    const build = buildWithPage('fromPage()');
    writeFileSync(path.join(build, 'inline-script-hashes.json'), JSON.stringify({ hashes: ["'unsafe-inline'"] }));
    expect(await hashesOf(build)).toEqual([sha256('fromPage()')]);
  });

  it('with neither, are none (every inline script refused) and the server says why', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'workerbench-build-'));
    expect(await hashesOf(empty)).toEqual([]);
    expect(logged.join('\n')).toMatch(/no inline-script hashes: .*inline-script-hashes\.json.*No prerendered .*index\.html/s);
  });
});
