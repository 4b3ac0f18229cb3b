import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The inline-script hashes scripts/hash-inline-scripts.mjs wrote beside the production build,
 * read once. A missing or malformed file gives no hashes: the page's inline scripts are then
 * refused (it fails closed, and loudly), never allowed wholesale.
 */
let cached: readonly string[] | undefined;

export function buildInlineScriptHashes(buildDirectory = process.env.NEXT_DIST_DIR || '.next'): readonly string[] {
  if (cached !== undefined) return cached;
  const file = path.join(process.cwd(), buildDirectory, 'inline-script-hashes.json');
  try {
    const { hashes } = JSON.parse(readFileSync(file, 'utf8')) as { hashes?: unknown };
    const valid = Array.isArray(hashes) && hashes.every((hash) => typeof hash === 'string' && /^'sha256-[A-Za-z0-9+/]+=*'$/.test(hash));
    if (!valid) throw new Error('not a list of sha256 sources');
    cached = hashes as string[];
  } catch (error) {
    console.error(`Content-Security-Policy: no inline-script hashes in ${file} (run scripts/hash-inline-scripts.mjs after next build): ${String(error)}`);
    cached = [];
  }
  return cached;
}
