import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The CSP sources ('sha256-…') of the inline scripts in a prerendered page: Next.js's bootstrap
 * and its router payload (`self.__next_f.push(…)`). A static page's HTML is the same for every
 * request, so these hashes let exactly those scripts run without a per-response nonce (which
 * would force a render per request). The browser hashes a script's text as written between its
 * tags, so that is what is hashed here, as UTF-8. Plain JavaScript: the post-build step runs it
 * with Node as it is.
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', text = ''] = match;
    // An external script is allowed by 'self'; a script that is not JavaScript (JSON data) never runs.
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type !== undefined && type !== 'text/javascript' && type !== 'module' && type !== 'application/javascript') continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes].sort();
}

function htmlFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) return htmlFiles(entryPath);
    return entry.name.endsWith('.html') ? [entryPath] : [];
  });
}

/**
 * The hashes of every prerendered page of a build (`<buildDirectory>/server/app/**.html`), with how
 * many pages there were. Throws when the IDE's own page is not among them: its scripts would all be
 * refused.
 */
export function prerenderedPageHashes(buildDirectory) {
  const pagesDirectory = path.join(buildDirectory, 'server', 'app');
  const pages = existsSync(pagesDirectory) ? htmlFiles(pagesDirectory) : [];
  if (!pages.some((page) => page.endsWith(`${path.sep}index.html`))) {
    throw new Error(`No prerendered ${path.join(pagesDirectory, 'index.html')}: is the page still static?`);
  }
  const hashes = [...new Set(pages.flatMap((page) => inlineScriptHashes(readFileSync(page, 'utf8'))))].sort();
  return { hashes, pages: pages.length };
}
