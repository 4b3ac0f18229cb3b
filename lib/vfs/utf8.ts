import { VfsError } from './file-system';

/**
 * Strict UTF-8 helpers shared by the whole app. Decoding is fatal so that a
 * binary file opened as text is reported instead of silently filled with U+FFFD.
 */

const encoder = new TextEncoder();

export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * THE decoder of project text: every place that reads a project file as text
 * (the filesystems' readText, the import check, read_file, text attachments,
 * the editor) goes through it, so they all see the same characters. Strict
 * UTF-8, and a leading byte-order mark is dropped — from bytes and from text
 * that kept it (the share formats keep it so bytes round-trip). Two decoders
 * that disagreed on the mark once let an imported project.json skip the
 * import check while the runtime honoured it.
 *
 * Throws VfsError EINVALIDTEXT (naming the path when one is given) for bytes
 * that are not UTF-8.
 */
export function decodeProjectText(data: Uint8Array | string, path?: string): string {
  if (typeof data === 'string') return data.startsWith(BYTE_ORDER_MARK) ? data.slice(1) : data;
  try {
    // ignoreBOM: false (the default, spelled out) means the decoder consumes a leading mark.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    const subject = path === undefined ? 'The data' : `"${path}"`;
    throw new VfsError('EINVALIDTEXT', `${subject} is not valid UTF-8 text (it is probably a binary file).`, path);
  }
}

/** The same decoder for bytes (kept for existing callers); throws VfsError EINVALIDTEXT. */
export function decodeUtf8Strict(bytes: Uint8Array, path?: string): string {
  return decodeProjectText(bytes, path);
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
