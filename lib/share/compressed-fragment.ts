import { zlibSync } from 'fflate';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { decodeBase64Url, encodeBase64Url } from '@/lib/encoding/base64';
import { inflateRawBounded } from './bounded-inflate';
import { ADLER32_INITIAL, updateAdler32 } from './checksums';
import { MAX_DECOMPRESSED_BYTES, MAX_FRAGMENT_LENGTH } from './share-limits';
import { shareFailure, type ShareError } from './share-result';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * The one scheme of every Workerbench link: JSON in a URL fragment,
 *
 *   #<key><version>=<n>.<base64url(zlib(JSON))>
 *
 * <key><version> names the kind of link and its format ("wb1" a project,
 * "wbrun2" a run) before anything is decoded. <n> is the number of base64url
 * characters that follow: a link cut off by a chat client or a mail wrapper is
 * reported as truncated, not as corrupted, and trailing punctuation picked up
 * with the link (")" or ".") is ignored. zlib (not raw deflate) for its
 * Adler-32 checksum, which is verified: a damaged link is refused rather than
 * read with garbage. Inflation is bounded (MAX_DECOMPRESSED_BYTES) and every
 * step is linear in the link's length.
 */
export interface FragmentKind {
  /** Letters before the version: "wb", "wbrun". */
  key: string;
  version: number;
  supportedVersions: readonly number[];
  /** How messages name the link and what it holds: "share link" / "a project". */
  linkName: string;
  contents: string;
  /** What to ask for when the link is cut off: "the project as a .zip". */
  alternative: string;
}

export function encodeFragment(kind: FragmentKind, payload: unknown): string {
  const body = encodeBase64Url(zlibSync(encodeUtf8(JSON.stringify(payload)), { level: 9 }));
  return `#${kind.key}${kind.version}=${body.length}.${body}`;
}

export type FragmentDecodeResult = { ok: true; value: unknown } | { ok: false; error: ShareError };

/** The part after "#", from a bare fragment, a "#…" fragment or a whole URL; whitespace from line wrapping removed. */
function fragmentBody(input: string): string {
  let text = input.replace(/\s+/g, '');
  const hash = text.indexOf('#');
  if (hash >= 0) text = text.slice(hash + 1);
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // Left as it is: a stray "%" is reported as damage further down.
    }
  }
  return text;
}

/** Whether a fragment (or URL) is a link of this kind, by its header alone. */
export function isFragmentOfKind(input: string, kind: Pick<FragmentKind, 'key'>): boolean {
  return new RegExp(`^${kind.key}\\d{1,9}(?:=|$)`).test(fragmentBody(input.slice(0, 4096)));
}

/** Decodes a link of this kind into its JSON value, checked for damage and size. Never throws. */
export function decodeFragment(input: string, kind: FragmentKind): FragmentDecodeResult {
  try {
    return decodeUnsafe(input, kind);
  } catch (error) {
    // Every known failure is a value; this is the last guard so a dialog never crashes on input.
    return shareFailure('corrupted', `${damaged(kind)} and could not be read (${errorMessage(error)}).`);
  }
}

function damaged(kind: FragmentKind): string {
  return `This ${kind.linkName} is damaged`;
}

function truncated(kind: FragmentKind) {
  return shareFailure(
    'truncated',
    `This ${kind.linkName} is incomplete: it was probably cut off when it was copied or sent. Ask for the whole link again, or for ${kind.alternative}.`,
  );
}

export function unknownFragmentVersion(kind: FragmentKind, version: number) {
  return shareFailure(
    'unknown-version',
    `This ${kind.linkName} uses format version ${version}; this Workerbench reads version ${kind.supportedVersions.join(', ')}. ` +
      (version > kind.version ? 'It was probably made by a newer Workerbench: update and try again.' : 'Ask for a new link.'),
  );
}

function tooLong(kind: FragmentKind) {
  return shareFailure('too-large', `This ${kind.linkName} is longer than ${MAX_FRAGMENT_LENGTH} characters, more than any ${kind.linkName} Workerbench makes.`);
}

function decodeUnsafe(input: string, kind: FragmentKind): FragmentDecodeResult {
  if (typeof input !== 'string') return shareFailure('not-a-share-link', `This is not a Workerbench ${kind.linkName}.`);
  if (input.length > MAX_FRAGMENT_LENGTH * 2) return tooLong(kind);
  const text = fragmentBody(input);
  const header = new RegExp(`^${kind.key}(\\d{1,9})(?==|$)`).exec(text);
  if (header === null) {
    return shareFailure('not-a-share-link', `This is not a Workerbench ${kind.linkName}: it has no "#${kind.key}${kind.version}=…" part.`);
  }
  const version = Number(header[1]);
  if (!kind.supportedVersions.includes(version)) return unknownFragmentVersion(kind, version);

  const rest = text.slice(header[0].length);
  if (rest === '') return truncated(kind);
  const lengthMatch = /^=(\d{0,9})(\.?)/.exec(rest);
  if (lengthMatch === null) return shareFailure('corrupted', `${damaged(kind)}: its header is malformed.`);
  if (lengthMatch[2] === '') {
    // "wb1=12" with nothing after: the link stops inside its header.
    return rest.length === lengthMatch[0].length ? truncated(kind) : shareFailure('corrupted', `${damaged(kind)}: its header is malformed.`);
  }
  const declaredLength = Number(lengthMatch[1]);
  if (lengthMatch[1] === '' || declaredLength === 0) return shareFailure('corrupted', `${damaged(kind)}: its header is malformed.`);
  if (declaredLength > MAX_FRAGMENT_LENGTH) return tooLong(kind);
  const body = rest.slice(lengthMatch[0].length);
  if (body.length < declaredLength) return truncated(kind);

  const compressed = decodeBase64Url(body.slice(0, declaredLength));
  if (compressed === null) return shareFailure('corrupted', `${damaged(kind)}: it contains characters that cannot be part of a link.`);
  const json = inflateZlib(compressed, kind);
  if (!json.ok) return json;
  try {
    return { ok: true, value: JSON.parse(json.text) };
  } catch {
    return shareFailure('corrupted', `${damaged(kind)}: its contents are not ${kind.contents}.`);
  }
}

/** zlib = 2-byte header + raw deflate + Adler-32 (big-endian) of the output. */
function inflateZlib(bytes: Uint8Array, kind: FragmentKind): { ok: true; text: string } | { ok: false; error: ShareError } {
  if (bytes.length < 6) return shareFailure('corrupted', `${damaged(kind)}: it is too short to hold ${kind.contents}.`);
  const cmf = bytes[0]!;
  const flags = bytes[1]!;
  // Method 8 (deflate), header checksum, and no preset dictionary (we never write one).
  if ((cmf & 0x0f) !== 8 || ((cmf << 8) | flags) % 31 !== 0 || (flags & 0x20) !== 0) {
    return shareFailure('corrupted', `${damaged(kind)}: its data does not start like a Workerbench ${kind.linkName}.`);
  }
  let adler = ADLER32_INITIAL;
  const inflated = inflateRawBounded(bytes.subarray(2, -4), MAX_DECOMPRESSED_BYTES, (chunk) => {
    adler = updateAdler32(adler, chunk);
  });
  if (!inflated.ok) {
    if (inflated.reason === 'too-large') {
      return shareFailure('too-large', `This ${kind.linkName} expands to more than ${MAX_DECOMPRESSED_BYTES / (1024 * 1024)} MiB; Workerbench stopped reading it.`);
    }
    // The length in the header matched, so a stream that ends early was damaged, not cut off.
    return shareFailure('corrupted', `${damaged(kind)}: its compressed data is invalid.`);
  }
  const trailer = bytes.subarray(-4);
  const expected = ((trailer[0]! << 24) | (trailer[1]! << 16) | (trailer[2]! << 8) | trailer[3]!) >>> 0;
  if (expected !== adler) return shareFailure('corrupted', `${damaged(kind)}: its checksum does not match.`);
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes) };
  } catch {
    return shareFailure('corrupted', `${damaged(kind)}: its contents are not text.`);
  }
}
