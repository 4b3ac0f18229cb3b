import { zlibSync } from 'fflate';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { encodeBase64Url } from '@/lib/encoding/base64';
import type { SharedFile } from '@/lib/share/share-result';

/**
 * Helpers for the share tests: hand-built links whose payload our encoder
 * would never write, so the decoder's refusals can be exercised.
 */

/** A well-formed "#wb<version>=" fragment around an arbitrary JSON payload. */
export function fragmentFromPayload(payload: unknown, version = 1): string {
  return fragmentFromBytes(zlibSync(encodeUtf8(JSON.stringify(payload))), version);
}

export function fragmentFromBytes(compressed: Uint8Array, version = 1): string {
  const body = encodeBase64Url(compressed);
  return `#wb${version}=${body.length}.${body}`;
}

export function textPayload(name: string, files: Array<{ path: string; text: string }>): unknown {
  return { format: 'workerbench-project', version: 1, name, files };
}

/** File contents as bytes, whichever way they travelled. */
export function bytesOf(file: SharedFile): Uint8Array {
  return typeof file.data === 'string' ? encodeUtf8(file.data) : file.data;
}
