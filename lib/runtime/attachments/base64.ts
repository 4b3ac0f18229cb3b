/**
 * Base64 without Node's Buffer (the runtime also runs in the browser). btoa is
 * available in both; encoding in chunks whose length is a multiple of 3 keeps
 * each chunk's output independent, so the chunks can simply be concatenated,
 * and avoids building one huge binary string for a 25 MB PDF.
 */
const CHUNK_BYTES = 3 * 16 * 1024;

export function encodeBase64(bytes: Uint8Array): string {
  const pieces: string[] = [];
  for (let offset = 0; offset < bytes.byteLength; offset += CHUNK_BYTES) {
    const chunk = bytes.subarray(offset, Math.min(offset + CHUNK_BYTES, bytes.byteLength));
    pieces.push(btoa(String.fromCharCode.apply(null, chunk as unknown as number[])));
  }
  return pieces.join('');
}

export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
