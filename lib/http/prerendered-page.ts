import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { buildInlineScriptHashes } from '@/lib/security/build-script-hashes';
import { contentSecurityPolicy, SECURITY_HEADER_FIELDS } from '@/lib/security/content-security-policy';
import { acceptsGzip } from './static-assets';

/**
 * The IDE's page (`/`), answered by the production server from memory instead of relayed to
 * Next's process. The page is prerendered: its HTML is the same for every request, written by
 * the build (`server/app/index.html`), and its Content-Security-Policy names that HTML's inline
 * scripts by hash (proxy.ts, which gives Next's answers the same policy). The relay cost every
 * load, the first visit and each reload, 2–3 ms before the HTML's first byte: a second hop over a
 * socket and Next's routing, on the two cores the browser is starting the page with.
 *
 * Only the document itself is answered here: a request for the page's router payload (the `RSC`
 * headers, or any query, such as `?_rsc=`) goes on to Next, which serves the payload, as does
 * every request this does not recognise. A build without the prerendered page answers nothing
 * here, so Next serves it as before.
 */

/** The headers with which Next's client router asks for the page's payload rather than its HTML. */
const ROUTER_REQUEST_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch', 'next-action', 'next-url'];

/** As Next varies its answer for the page: the router's headers choose HTML or payload. */
const VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding';

/** Next's own Cache-Control for a page prerendered once per build: shared caches may keep it, a browser asks again (and gets a 304). */
const CACHE_CONTROL = 's-maxage=31536000';

const gzipAsync = promisify(gzip);

interface Page {
  headers: OutgoingHttpHeaders;
  etag: string;
  body: Buffer;
  gzipped: Buffer;
}

export interface PrerenderedPage {
  /** Answers the request when it is for the page's HTML; false (nothing sent) when Next should. */
  answer(incoming: IncomingMessage, outgoing: ServerResponse): boolean;
}

/** Whether the request is a plain request for the document at `/`: no query, no router header. */
export function isRequestForPageDocument(incoming: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): boolean {
  if (incoming.method !== 'GET' && incoming.method !== 'HEAD') return false;
  if (incoming.url !== '/') return false;
  return ROUTER_REQUEST_HEADERS.every((name) => incoming.headers[name] === undefined);
}

/** Whether an If-None-Match header names `etag` (or `*`); weak and strong forms compare alike, as RFC 9110 says for GET. */
export function matchesEntityTag(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (typeof ifNoneMatch !== 'string') return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

async function loadPage(buildDirectory: string): Promise<Page | null> {
  let body: Buffer;
  try {
    body = await readFile(path.join(buildDirectory, 'server', 'app', 'index.html'));
  } catch {
    return null;
  }
  const hashes = buildInlineScriptHashes(buildDirectory);
  // Without the hashes the page's own scripts would be refused: Next's answer says so loudly (build-script-hashes.ts).
  if (hashes.length === 0) return null;
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers: OutgoingHttpHeaders = {
    ...SECURITY_HEADER_FIELDS,
    'Content-Security-Policy': contentSecurityPolicy({ inlineScriptHashes: hashes }),
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': CACHE_CONTROL,
    Vary: VARY,
    ETag: etag,
  };
  return { headers, etag, body, gzipped: await gzipAsync(body) };
}

/** The prerendered page of the build in `buildDirectory`, read and compressed once. */
export async function createPrerenderedPage(buildDirectory: string): Promise<PrerenderedPage> {
  const page = await loadPage(buildDirectory);
  return {
    answer(incoming, outgoing) {
      if (page === null || !isRequestForPageDocument(incoming)) return false;
      if (matchesEntityTag(incoming.headers['if-none-match'], page.etag)) {
        const { 'Content-Type': _type, ...headers } = page.headers;
        outgoing.writeHead(304, headers);
        outgoing.end();
        return true;
      }
      const compressed = acceptsGzip(incoming.headers['accept-encoding']);
      const body = compressed ? page.gzipped : page.body;
      outgoing.writeHead(200, { ...page.headers, ...(compressed ? { 'Content-Encoding': 'gzip' } : {}), 'Content-Length': body.byteLength });
      outgoing.end(incoming.method === 'HEAD' ? undefined : body);
      return true;
    },
  };
}
