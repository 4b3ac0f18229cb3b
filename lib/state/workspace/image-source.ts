import { encodeBase64 } from '@/lib/encoding/base64';

/**
 * How the image viewer shows a project file without ever making it a document
 * of the app's origin. An <img> never runs script, but "Open image in new tab"
 * (or a link to its URL) loads the same URL as a document: a blob: URL of an
 * SVG would then run its script with the app's origin, next to the user's keys
 * and projects. So:
 * - raster types get a blob: URL typed as that raster type (a PNG document
 *   cannot run script, whatever bytes it holds);
 * - SVG gets a data: URL, whose document has an opaque origin of its own;
 * - anything else gets an untyped blob, which the <img> may still decode and
 *   a tab downloads rather than renders.
 */
export type ImageSource = { kind: 'blob'; mimeType: string } | { kind: 'data-url'; url: string };

const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/avif', 'image/x-icon', 'image/vnd.microsoft.icon']);
const SVG_TYPE = 'image/svg+xml';

export function imageSource(bytes: Uint8Array, mimeType: string): ImageSource {
  const type = mimeType.toLowerCase();
  if (RASTER_TYPES.has(type)) return { kind: 'blob', mimeType: type };
  if (type === SVG_TYPE) return { kind: 'data-url', url: `data:${SVG_TYPE};base64,${encodeBase64(bytes)}` };
  return { kind: 'blob', mimeType: 'application/octet-stream' };
}
