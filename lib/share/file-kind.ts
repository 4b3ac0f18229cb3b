import { DEFAULT_MIME_TYPE, isTextPath, mimeTypeForPath } from '@/lib/vfs/mime-type';
import { extension } from '@/lib/vfs/path';
import { isValidUtf8 } from '@/lib/vfs/utf8';

/**
 * Text or binary, for sharing. A link carries text as JSON strings and binary
 * as base64 (and leaves binary out unless the user ticks it), a zip reader has
 * to decide whether an entry becomes a string. The extension decides first (a
 * PDF that happens to be ASCII is still a PDF the user may not want in a link);
 * otherwise the bytes do: valid UTF-8 without NUL is text.
 */

const BINARY_EXTENSIONS = new Set([
  '.pdf', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp', '.ico', '.tif', '.tiff', '.avif', '.heic',
  '.zip', '.gz', '.tgz', '.bz2', '.xz', '.7z', '.rar', '.tar',
  '.mp3', '.wav', '.ogg', '.flac', '.m4a', '.mp4', '.mov', '.webm', '.avi', '.mkv',
  '.woff', '.woff2', '.ttf', '.otf', '.eot',
  '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.odt', '.ods', '.odp',
  '.wasm', '.exe', '.dll', '.so', '.dylib', '.bin', '.dat', '.sqlite', '.db', '.parquet', '.pickle', '.pkl', '.npy',
]);

/** Known binary by name: our list, or a MIME type the VFS knows that is not text (PDF, images, zip). */
export function isBinaryExtension(path: string): boolean {
  if (BINARY_EXTENSIONS.has(extension(path))) return true;
  const mimeType = mimeTypeForPath(path);
  return mimeType !== DEFAULT_MIME_TYPE && !isTextPath(path);
}

/** Files that must be text (the editor opens them as text): non-UTF-8 bytes in them are an error. */
export function isTextExtension(path: string): boolean {
  return isTextPath(path);
}

/** True when bytes look like text: valid UTF-8 and no NUL (git's heuristic). */
export function looksLikeText(bytes: Uint8Array): boolean {
  return !bytes.includes(0) && isValidUtf8(bytes);
}

/** Strings are text by construction; bytes are binary by extension or by content. */
export function isBinaryFile(path: string, data: Uint8Array | string): boolean {
  if (typeof data === 'string') return false;
  if (isBinaryExtension(path)) return true;
  return !looksLikeText(data);
}

/** A string that cannot be written as UTF-8: it holds an unpaired surrogate (U+D800–U+DFFF). */
export function hasLoneSurrogate(text: string): boolean {
  return /\p{Cs}/u.test(text);
}
