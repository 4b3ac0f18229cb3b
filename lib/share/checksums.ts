/**
 * The two checksums the formats we read carry. fflate's streaming decoders do
 * not verify them, and a damaged link or zip must be reported, not imported.
 */

/** Adler-32 (zlib trailer), updated chunk by chunk. */
export function updateAdler32(adler: number, bytes: Uint8Array): number {
  let a = adler & 0xffff;
  let b = adler >>> 16;
  let index = 0;
  while (index < bytes.length) {
    // 5552 is the largest run before the sums can overflow 2^32 (zlib's NMAX).
    const end = Math.min(index + 5552, bytes.length);
    for (; index < end; index += 1) {
      a += bytes[index]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

export const ADLER32_INITIAL = 1;

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** CRC-32 (zip entries), updated chunk by chunk; start with CRC32_INITIAL, finish with finishCrc32. */
export function updateCrc32(crc: number, bytes: Uint8Array): number {
  let value = crc;
  for (let index = 0; index < bytes.length; index += 1) {
    value = CRC_TABLE[(value ^ bytes[index]!) & 0xff]! ^ (value >>> 8);
  }
  return value;
}

export const CRC32_INITIAL = -1;

export function finishCrc32(crc: number): number {
  return (crc ^ -1) >>> 0;
}
