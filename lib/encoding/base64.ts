/**
 * Base64 (RFC 4648) without Node's Buffer or btoa, so the same code runs in the
 * browser, in Node and in workers, on bytes of any size. One implementation
 * for the whole app: PDFs become file parts on every model step (a 25 MB deck
 * is a 35 MB string), share links carry project files.
 *
 * Encoding is table-driven: each 12 bits of input map to two output characters
 * written as one 16-bit store, and the ASCII bytes become a string in one
 * TextDecoder call (about 3× faster than chunked btoa; bench/attachments.bench.ts).
 * Not the platform's `Uint8Array.prototype.toBase64`: where a browser lacks it,
 * pdf.js's legacy build installs a polyfill that builds the string piece by
 * piece (a 25 MB deck took 3.3–3.5 s in Node against 0.4–0.5 s here), and the
 * native one, in Chromium 156, was only about twice as fast as this.
 * Decoding is strict: a character outside the alphabet, or non-zero leftover
 * bits, means the data was damaged, and the caller reports it instead of guessing.
 */

const STANDARD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const PADDING = 61; // "="

// The 16-bit stores must put the first character first in memory, whatever the platform's byte order.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

interface Alphabet {
  codes: number[];
  /** Character pair for every 12-bit value, as one 16-bit store. */
  pairs: Uint16Array;
  /** Character code → 6-bit value, -1 outside the alphabet. */
  reverse: Int16Array;
}

function buildAlphabet(characters: string): Alphabet {
  const codes = Array.from(characters, (character) => character.charCodeAt(0));
  const pairs = new Uint16Array(4096);
  for (let index = 0; index < 4096; index += 1) {
    const first = codes[index >> 6]!;
    const second = codes[index & 63]!;
    pairs[index] = LITTLE_ENDIAN ? first | (second << 8) : (first << 8) | second;
  }
  const reverse = new Int16Array(128).fill(-1);
  codes.forEach((code, value) => {
    reverse[code] = value;
  });
  return { codes, pairs, reverse };
}

const STANDARD = buildAlphabet(STANDARD_ALPHABET);
const URL_SAFE = buildAlphabet(URL_ALPHABET);

// Base64 output is ASCII, which latin1 decodes byte for byte.
const asciiDecoder = new TextDecoder('latin1');

function encodeWith(bytes: Uint8Array, alphabet: Alphabet, pad: boolean): string {
  const length = bytes.byteLength;
  const whole = length - (length % 3);
  const remaining = length - whole;
  const tail = remaining === 0 ? 0 : pad ? 4 : remaining + 1;
  // Room for whole 16-bit stores, rounded up to an even byte count.
  const output = new Uint8Array(((whole / 3) * 4 + tail + 1) & ~1);
  const pairs = new Uint16Array(output.buffer, 0, output.length / 2);
  let pairIndex = 0;
  let index = 0;
  for (; index < whole; index += 3) {
    const triple = (bytes[index]! << 16) | (bytes[index + 1]! << 8) | bytes[index + 2]!;
    pairs[pairIndex++] = alphabet.pairs[triple >> 12]!;
    pairs[pairIndex++] = alphabet.pairs[triple & 4095]!;
  }
  let position = pairIndex * 2;
  if (remaining > 0) {
    const triple = (bytes[index]! << 16) | (remaining === 2 ? bytes[index + 1]! << 8 : 0);
    output[position++] = alphabet.codes[triple >> 18]!;
    output[position++] = alphabet.codes[(triple >> 12) & 63]!;
    if (remaining === 2) output[position++] = alphabet.codes[(triple >> 6) & 63]!;
    else if (pad) output[position++] = PADDING;
    if (pad) output[position++] = PADDING;
  }
  return asciiDecoder.decode(output.subarray(0, position));
}

/** null when the text is not valid base64 in the given alphabet. */
function decodeWith(text: string, alphabet: Alphabet, allowPadding: boolean): Uint8Array | null {
  let body = text;
  if (allowPadding && body.length % 4 === 0) {
    if (body.endsWith('==')) body = body.slice(0, -2);
    else if (body.endsWith('=')) body = body.slice(0, -1);
  }
  // One leftover character cannot encode a whole byte.
  if (body.length % 4 === 1) return null;
  const output = new Uint8Array(Math.floor((body.length * 3) / 4));
  let outIndex = 0;
  let buffer = 0;
  let bits = 0;
  for (let index = 0; index < body.length; index += 1) {
    const code = body.charCodeAt(index);
    const value = code < 128 ? alphabet.reverse[code]! : -1;
    if (value < 0) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      output[outIndex++] = (buffer >> bits) & 0xff;
    }
  }
  // Leftover bits must be zero, otherwise two different strings would decode to the same bytes.
  if ((buffer & ((1 << bits) - 1)) !== 0) return null;
  return output;
}

/** RFC 4648 §4 with padding: what providers and people expect inside JSON. */
export function encodeBase64(bytes: Uint8Array): string {
  return encodeWith(bytes, STANDARD, true);
}

export function decodeBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  return decodeWith(text, STANDARD, true);
}

/** RFC 4648 §5, no padding: safe in a URL fragment without escaping. */
export function encodeBase64Url(bytes: Uint8Array): string {
  return encodeWith(bytes, URL_SAFE, false);
}

export function decodeBase64Url(text: string): Uint8Array | null {
  return decodeWith(text, URL_SAFE, false);
}
