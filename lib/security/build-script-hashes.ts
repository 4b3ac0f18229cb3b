import { readFileSync } from 'node:fs';
import path from 'node:path';
import { prerenderedPageHashes } from './inline-script-hashes.mjs';

const SHA256_SOURCE = /^'sha256-[A-Za-z0-9+/]+=*'$/;

function hashesFromFile(file: string): string[] {
  const { hashes } = JSON.parse(readFileSync(file, 'utf8')) as { hashes?: unknown };
  if (!Array.isArray(hashes) || !hashes.every((hash) => typeof hash === 'string' && SHA256_SOURCE.test(hash))) {
    throw new Error('not a list of sha256 sources');
  }
  return hashes as string[];
}

/**
 * The production build's inline-script hashes, worked out once: from the file
 * scripts/hash-inline-scripts.mjs wrote after `npm run build`, or, for a build made
 * without that step (`next build` run directly), from the prerendered pages
 * themselves. When neither can be read the list is empty: the page's inline
 * scripts are then refused (it fails closed, and loudly), never allowed wholesale.
 */
let cached: readonly string[] | undefined;

export function buildInlineScriptHashes(buildDirectory = process.env.NEXT_DIST_DIR || '.next'): readonly string[] {
  if (cached !== undefined) return cached;
  const root = path.resolve(process.cwd(), buildDirectory);
  const file = path.join(root, 'inline-script-hashes.json');
  try {
    cached = hashesFromFile(file);
  } catch (fileError) {
    try {
      cached = prerenderedPageHashes(root).hashes;
    } catch (pagesError) {
      console.error(`Content-Security-Policy: no inline-script hashes: ${file}: ${String(fileError)}; the prerendered pages: ${String(pagesError)}`);
      cached = [];
    }
  }
  return cached;
}
