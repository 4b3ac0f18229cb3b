import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { SECURITY_HEADER_FIELDS } from '@/lib/security/content-security-policy';

/**
 * The build's static files (`/_next/static/…`: the page's scripts and style sheets), answered by
 * the production server itself instead of relayed to Next's process. A first visit asks for a
 * dozen of them at once over HTTP/1.1's six connections; Next reads each file and gzips it again
 * for every request (about 5 ms of CPU for the largest script), on the same two cores the browser
 * is using to start the page. Here each file is read and compressed once, kept in memory (the
 * files of a build never change: their names carry their hash), and sent in one write.
 * Anything this does not serve (another method, a name that is not a file) goes on to Next, which
 * answers it as before.
 */

/** The URL prefix of the build's static files, and where they are in the build's folder. */
const STATIC_PREFIX = '/_next/static/';

/** Kept in memory up to this many bytes (plain and gzip together); a build's whole folder is about 10 MB. */
const CACHE_LIMIT_BYTES = 64 * 1024 * 1024;

/** Not worth compressing below this size (a TCP packet holds it anyway). */
const COMPRESS_FROM_BYTES = 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.mjs': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.map': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=UTF-8',
};
/** Types worth compressing: text. Images, fonts and WebAssembly are compressed already or gain little. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.wasm']);

const gzipAsync = promisify(gzip);

interface Asset {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  gzipped: Buffer | null;
}

/**
 * The file a request names under `root`, or null when the request is not for one: only
 * `/_next/static/` paths of plain segments (no `..`, no encoded slash or NUL, no hidden
 * file), and a resolved path that stays inside `root` (a symbolic link leading out is refused too).
 */
export async function staticFileFor(root: string, url: string, resolvedRoot?: Promise<string>): Promise<string | null> {
  const pathname = url.split('?', 1)[0]!;
  if (!pathname.startsWith(STATIC_PREFIX)) return null;
  const segments: string[] = [];
  for (const raw of pathname.slice(STATIC_PREFIX.length).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment.startsWith('.') || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  const candidate = path.join(root, ...segments);
  try {
    const [resolved, rootPath] = await Promise.all([realpath(candidate), resolvedRoot ?? realpath(root)]);
    if (!resolved.startsWith(rootPath + path.sep)) return null;
    return (await stat(resolved)).isFile() ? resolved : null;
  } catch {
    return null;
  }
}

/** Whether the client takes gzip: named in Accept-Encoding (or `*`) without `q=0`. */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  if (typeof acceptEncoding !== 'string') return false;
  return acceptEncoding.split(',').some((entry) => {
    const [coding, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') return false;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

export interface StaticAssets {
  /** Answers the request when it is for a static file of the build; false (nothing sent) when Next should. */
  answer(incoming: IncomingMessage, outgoing: ServerResponse): Promise<boolean>;
}

/** The static files under `root` (the build's `static` folder). */
export function createStaticAssets(root: string): StaticAssets {
  const cache = new Map<string, Promise<Asset | null>>();
  // The folder's own real path, resolved once rather than on every request.
  const resolvedRoot = realpath(root);
  resolvedRoot.catch(() => undefined);
  let cachedBytes = 0;

  const load = async (file: string): Promise<Asset | null> => {
    const body = await readFile(file);
    const extension = path.extname(file).toLowerCase();
    const gzipped = COMPRESSIBLE.has(extension) && body.byteLength >= COMPRESS_FROM_BYTES ? await gzipAsync(body) : null;
    const headers: OutgoingHttpHeaders = {
      ...SECURITY_HEADER_FIELDS,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    };
    if (gzipped !== null) headers.Vary = 'Accept-Encoding';
    return { headers, body, gzipped };
  };

  /** The file's asset, read and compressed once (by its resolved path: two spellings of one file share it). */
  const assetOf = async (file: string): Promise<Asset | null> => {
    let loading = cache.get(file);
    if (loading === undefined) {
      loading = load(file).catch(() => null);
      cache.set(file, loading);
      const asset = await loading;
      const size = asset === null ? 0 : asset.body.byteLength + (asset.gzipped?.byteLength ?? 0);
      // Past the limit a file is served from this read and not kept: the next request reads it again.
      if (asset === null || cachedBytes + size > CACHE_LIMIT_BYTES) cache.delete(file);
      else cachedBytes += size;
    }
    return loading;
  };
  // A path already answered from the cache is answered again without resolving it on disk (two
  // system calls per request). Only plain spellings (no percent-encoding) are remembered, so there
  // are at most as many as the build has files; a kept asset is never dropped, so neither is its path.
  const answeredPaths = new Map<string, Asset>();

  return {
    async answer(incoming, outgoing) {
      if (incoming.method !== 'GET' && incoming.method !== 'HEAD') return false;
      const pathname = (incoming.url ?? '/').split('?', 1)[0]!;
      let asset = answeredPaths.get(pathname) ?? null;
      if (asset === null) {
        const file = await staticFileFor(root, pathname, resolvedRoot);
        if (file === null) return false;
        asset = await assetOf(file);
        if (asset === null) return false;
        if (!pathname.includes('%') && cache.has(file)) answeredPaths.set(pathname, asset);
      }
      const compressed = asset.gzipped !== null && acceptsGzip(incoming.headers['accept-encoding']);
      const body = compressed ? asset.gzipped! : asset.body;
      outgoing.writeHead(200, { ...asset.headers, ...(compressed ? { 'Content-Encoding': 'gzip' } : {}), 'Content-Length': body.byteLength });
      outgoing.end(incoming.method === 'HEAD' ? undefined : body);
      return true;
    },
  };
}
