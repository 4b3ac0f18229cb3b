/**
 * Base64 without Node's Buffer (the runtime also runs in the browser). A 25 MB
 * PDF becomes a 35 MB string on every model step, so this is table-driven:
 * each 12 bits of input map to two output characters written as one 16-bit
 * store, and the ASCII bytes become a string in one TextDecoder call. About 3×
 * faster than chunked btoa(String.fromCharCode(...)) (see bench/attachments.bench.ts).
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const ALPHABET_CODES = Array.from(ALPHABET, (character) => character.charCodeAt(0));
const PADDING = 61; // "="

// The 16-bit stores must put the first character first in memory, whatever the platform's byte order.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const PAIRS = new Uint16Array(4096);
for (let index = 0; index < 4096; index += 1) {
  const first = ALPHABET_CODES[index >> 6]!;
  const second = ALPHABET_CODES[index & 63]!;
  PAIRS[index] = LITTLE_ENDIAN ? first | (second << 8) : (first << 8) | second;
}

// Base64 output is ASCII, which latin1 decodes byte for byte.
const asciiDecoder = new TextDecoder('latin1');

export function encodeBase64(bytes: Uint8Array): string {
  const length = bytes.byteLength;
  const output = new Uint8Array(Math.ceil(length / 3) * 4);
  const pairs = new Uint16Array(output.buffer);
  const whole = length - (length % 3);
  let pairIndex = 0;
  let index = 0;
  for (; index < whole; index += 3) {
    const triple = (bytes[index]! << 16) | (bytes[index + 1]! << 8) | bytes[index + 2]!;
    pairs[pairIndex++] = PAIRS[triple >> 12]!;
    pairs[pairIndex++] = PAIRS[triple & 4095]!;
  }
  let position = pairIndex * 2;
  const remaining = length - whole;
  if (remaining > 0) {
    const triple = (bytes[index]! << 16) | (remaining === 2 ? bytes[index + 1]! << 8 : 0);
    output[position++] = ALPHABET_CODES[triple >> 18]!;
    output[position++] = ALPHABET_CODES[(triple >> 12) & 63]!;
    output[position++] = remaining === 2 ? ALPHABET_CODES[(triple >> 6) & 63]! : PADDING;
    output[position++] = PADDING;
  }
  return asciiDecoder.decode(output);
}

export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
