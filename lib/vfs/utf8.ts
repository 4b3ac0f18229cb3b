import { VfsError } from './file-system';

/**
 * Strict UTF-8 helpers shared by the whole app. Decoding is fatal so that a
 * binary file opened as text is reported instead of silently filled with U+FFFD.
 */

const encoder = new TextEncoder();

export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Decodes UTF-8 or throws VfsError EINVALIDTEXT naming the path when one is given. */
export function decodeUtf8Strict(bytes: Uint8Array, path?: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const subject = path === undefined ? 'The data' : `"${path}"`;
    throw new VfsError('EINVALIDTEXT', `${subject} is not valid UTF-8 text (it is probably a binary file).`, path);
  }
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Bytes for storage: strings become UTF-8; views are copied so no shared or oversized buffer is stored. */
export function toStoredBytes(data: Uint8Array | string): Uint8Array {
  if (typeof data === 'string') return encodeUtf8(data);
  return data.slice();
}
