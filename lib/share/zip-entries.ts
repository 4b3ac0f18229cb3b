import { inflateRawBounded } from './bounded-inflate';
import { CRC32_INITIAL, finishCrc32, updateCrc32 } from './checksums';

/**
 * A small zip reader that trusts nothing in the archive. fflate's unzipSync
 * inflates before we can act on the real output size (and silently cuts an
 * entry whose declared size lies), so we read the central directory ourselves,
 * refuse what we do not support, and inflate each entry with a hard cap and a
 * CRC check.
 */

export interface ZipEntry {
  name: string;
  isDirectory: boolean;
  /** Declared in the central directory; checked against the real output when inflated. */
  uncompressedSize: number;
  compressedSize: number;
  method: number;
  crc32: number;
  dataOffset: number;
}

export type ZipProblem = { reason: 'corrupted' | 'too-large' | 'too-many-entries' | 'invalid-name'; detail: string };

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const ZIP64_LOCATOR = 0x07064b50;

function u16(bytes: Uint8Array, offset: number): number {
  return bytes[offset]! | (bytes[offset + 1]! << 8);
}

function u32(bytes: Uint8Array, offset: number): number {
  return (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24)) >>> 0;
}

function corrupted(detail: string): ZipProblem {
  return { reason: 'corrupted', detail };
}

/** Lists entries without inflating anything. `maxEntries` bounds the work a hostile directory can cause. */
export function readZipEntries(bytes: Uint8Array, maxEntries: number): { ok: true; entries: ZipEntry[] } | { ok: false; problem: ZipProblem } {
  if (bytes.length < 22) return { ok: false, problem: corrupted('the file is too short to be a zip archive') };
  // The end record sits in the last 22 bytes plus a comment of up to 65,535 bytes.
  let end = -1;
  for (let offset = bytes.length - 22; offset >= Math.max(0, bytes.length - 22 - 65535); offset -= 1) {
    if (u32(bytes, offset) === END_OF_CENTRAL_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) return { ok: false, problem: corrupted('it is not a zip archive') };
  if (end >= 20 && u32(bytes, end - 20) === ZIP64_LOCATOR) {
    return { ok: false, problem: { reason: 'too-large', detail: 'ZIP64 archives (over 4 GB or 65,535 entries) are not supported' } };
  }
  const count = u16(bytes, end + 10);
  const directoryOffset = u32(bytes, end + 16);
  if (u16(bytes, end + 4) !== 0 || u16(bytes, end + 8) !== count) {
    return { ok: false, problem: corrupted('multi-part archives are not supported') };
  }
  if (count > maxEntries) {
    return { ok: false, problem: { reason: 'too-many-entries', detail: `the archive has ${count} entries` } };
  }

  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > bytes.length || u32(bytes, offset) !== CENTRAL_FILE_HEADER) {
      return { ok: false, problem: corrupted('its table of contents is damaged') };
    }
    const flags = u16(bytes, offset + 8);
    const method = u16(bytes, offset + 10);
    const crc32 = u32(bytes, offset + 16);
    const compressedSize = u32(bytes, offset + 20);
    const uncompressedSize = u32(bytes, offset + 24);
    const nameLength = u16(bytes, offset + 28);
    const extraLength = u16(bytes, offset + 30);
    const commentLength = u16(bytes, offset + 32);
    const localOffset = u32(bytes, offset + 42);
    const nameEnd = offset + 46 + nameLength;
    if (nameEnd > bytes.length) return { ok: false, problem: corrupted('its table of contents is damaged') };
    let name: string;
    try {
      // Bit 11 promises UTF-8; older tools write CP437, which for the ASCII names of projects is the same.
      name = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(offset + 46, nameEnd));
    } catch {
      return { ok: false, problem: { reason: 'invalid-name', detail: 'an entry name is not valid UTF-8' } };
    }
    if (flags & 1) return { ok: false, problem: corrupted(`the entry ${JSON.stringify(name)} is encrypted`) };
    if (method !== 0 && method !== 8) {
      return { ok: false, problem: corrupted(`the entry ${JSON.stringify(name)} uses an unsupported compression method (${method})`) };
    }
    if (localOffset + 30 > bytes.length || u32(bytes, localOffset) !== LOCAL_FILE_HEADER) {
      return { ok: false, problem: corrupted(`the entry ${JSON.stringify(name)} is damaged`) };
    }
    const dataOffset = localOffset + 30 + u16(bytes, localOffset + 26) + u16(bytes, localOffset + 28);
    if (dataOffset + compressedSize > bytes.length) {
      return { ok: false, problem: corrupted(`the entry ${JSON.stringify(name)} is cut off`) };
    }
    entries.push({ name, isDirectory: name.endsWith('/'), uncompressedSize, compressedSize, method, crc32, dataOffset });
    offset = nameEnd + extraLength + commentLength;
  }
  return { ok: true, entries };
}

/** The entry's bytes, never more than `maxBytes` nor more than it declared. */
export function readZipEntryData(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): { ok: true; data: Uint8Array } | { ok: false; problem: ZipProblem } {
  const name = JSON.stringify(entry.name);
  const raw = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  const limit = Math.min(maxBytes, entry.uncompressedSize);
  let data: Uint8Array;
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) return { ok: false, problem: corrupted(`the entry ${name} is damaged`) };
    if (raw.length > maxBytes) return { ok: false, problem: { reason: 'too-large', detail: `the entry ${name} is too large` } };
    data = raw.slice();
  } else if (entry.uncompressedSize === 0 && entry.compressedSize <= 2) {
    // An empty deflate stream is two bytes ("\x03\x00"); some writers store none at all.
    data = new Uint8Array(0);
  } else {
    const inflated = inflateRawBounded(raw, limit);
    if (!inflated.ok) {
      if (inflated.reason === 'too-large') {
        // Beyond its own declared size the entry lies about itself; beyond the budget it is simply too big.
        return limit < maxBytes
          ? { ok: false, problem: corrupted(`the entry ${name} is larger than it declares`) }
          : { ok: false, problem: { reason: 'too-large', detail: `the entry ${name} is too large` } };
      }
      return { ok: false, problem: corrupted(`the entry ${name} is damaged`) };
    }
    data = inflated.bytes;
  }
  if (data.length !== entry.uncompressedSize) return { ok: false, problem: corrupted(`the entry ${name} is damaged (size mismatch)`) };
  if (finishCrc32(updateCrc32(CRC32_INITIAL, data)) !== entry.crc32) {
    return { ok: false, problem: corrupted(`the entry ${name} is damaged (checksum mismatch)`) };
  }
  return { ok: true, data };
}
