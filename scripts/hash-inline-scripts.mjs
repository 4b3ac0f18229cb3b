// After `next build`: the sha256 CSP sources of every inline script in the prerendered pages,
// written beside the build for proxy.ts to read at start (lib/security/build-script-hashes.ts).
// The pages are static, so their inline scripts are fixed per build; a rebuild rewrites this file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { log } from 'node:console';
import { inlineScriptHashes } from '../lib/security/inline-script-hashes.mjs';

const buildDirectory = process.env.NEXT_DIST_DIR || '.next';
const pagesDirectory = path.join(buildDirectory, 'server', 'app');

function htmlFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) return htmlFiles(entryPath);
    return entry.name.endsWith('.html') ? [entryPath] : [];
  });
}

const pages = htmlFiles(pagesDirectory);
if (!pages.some((page) => page.endsWith(`${path.sep}index.html`))) {
  // Without the IDE's own page prerendered, its scripts would all be refused: fail the build, not the page.
  throw new Error(`No prerendered ${path.join(pagesDirectory, 'index.html')}: is the page still static?`);
}
const hashes = [...new Set(pages.flatMap((page) => inlineScriptHashes(readFileSync(page, 'utf8'))))].sort();
writeFileSync(path.join(buildDirectory, 'inline-script-hashes.json'), `${JSON.stringify({ hashes }, null, 2)}\n`);
log(`inline script hashes: ${hashes.length} from ${pages.length} prerendered pages`);
