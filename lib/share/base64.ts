/**
 * Base64 without Buffer or btoa, so the same code runs in the browser, in Node
 * and in workers, on bytes of any size (btoa needs a binary string first).
 * Decoding is strict: a character outside the alphabet means the data was
 * damaged, and the caller reports it instead of guessing.
 */

const STANDARD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function reverseTable(alphabet: string): Int16Array {
  const table = new Int16Array(128).fill(-1);
  for (let index = 0; index < alphabet.length; index += 1) table[alphabet.charCodeAt(index)] = index;
  return table;
}

const STANDARD_REVERSE = reverseTable(STANDARD_ALPHABET);
const URL_REVERSE = reverseTable(URL_ALPHABET);

function encodeWith(bytes: Uint8Array, alphabet: string, pad: boolean): string {
  const parts: string[] = [];
  let chunk = '';
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const triple = (bytes[index]! << 16) | (bytes[index + 1]! << 8) | bytes[index + 2]!;
    chunk +=
      alphabet[(triple >> 18) & 63]! + alphabet[(triple >> 12) & 63]! + alphabet[(triple >> 6) & 63]! + alphabet[triple & 63]!;
    // Flush now and then so huge inputs do not build one enormous rope.
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  const remaining = bytes.length - index;
  if (remaining === 1) {
    const value = bytes[index]! << 16;
    chunk += alphabet[(value >> 18) & 63]! + alphabet[(value >> 12) & 63]! + (pad ? '==' : '');
  } else if (remaining === 2) {
    const value = (bytes[index]! << 16) | (bytes[index + 1]! << 8);
    chunk += alphabet[(value >> 18) & 63]! + alphabet[(value >> 12) & 63]! + alphabet[(value >> 6) & 63]! + (pad ? '=' : '');
  }
  parts.push(chunk);
  return parts.join('');
}

/** null when the text is not valid base64 in the given alphabet. */
function decodeWith(text: string, table: Int16Array, allowPadding: boolean): Uint8Array | null {
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
    const value = code < 128 ? table[code]! : -1;
    if (value < 0) return null;
    buffer = (buffer << 6) | value;
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

/** RFC 4648 §5, no padding: safe in a URL fragment without escaping. */
export function encodeBase64Url(bytes: Uint8Array): string {
  return encodeWith(bytes, URL_ALPHABET, false);
}

export function decodeBase64Url(text: string): Uint8Array | null {
  return decodeWith(text, URL_REVERSE, false);
}

/** RFC 4648 §4 with padding: what people expect inside JSON. */
export function encodeBase64(bytes: Uint8Array): string {
  return encodeWith(bytes, STANDARD_ALPHABET, true);
}

export function decodeBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  return decodeWith(text, STANDARD_REVERSE, true);
}
