import { zlibSync } from 'fflate';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { decodeBase64, decodeBase64Url, encodeBase64, encodeBase64Url } from '@/lib/encoding/base64';
import { inflateRawBounded } from './bounded-inflate';
import { ADLER32_INITIAL, updateAdler32 } from './checksums';
import { isBinaryFile } from './file-kind';
import { checkSharedProject } from './project-checks';
import { describePayloadIssue, sharePayloadSchema, type SharePayload } from './share-payload';
import {
  MAX_DECOMPRESSED_BYTES,
  MAX_FILES,
  MAX_FRAGMENT_LENGTH,
  MAX_LINK_LENGTH,
  SHARE_FORMAT,
  SHARE_FORMAT_VERSION,
  SUPPORTED_SHARE_VERSIONS,
} from './share-limits';
import { shareFailure, type SharedFile, type SharedProject, type ShareError, type ShareImportResult } from './share-result';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * Project <-> URL fragment. The fragment never reaches a server, so a shared
 * project stays between the people who pass the link around.
 *
 *   #wb1=<n>.<base64url(zlib(JSON payload))>
 *
 * "wb1" names the format version, so a future format is recognised and named
 * before anything is decoded. <n> is the number of base64url characters that
 * follow: a link cut off by a chat client or a mail wrapper is reported as
 * truncated, not as corrupted, and trailing punctuation picked up with the link
 * (")" or ".") is ignored. zlib (not raw deflate) for its Adler-32 checksum,
 * which we verify: a damaged link is refused rather than imported with garbage.
 */

export { MAX_LINK_LENGTH };

const FRAGMENT_KEY = 'wb';

export interface EncodeShareOptions {
  /** Binary files (PDFs, images) make links long; they are left out unless the user asks. */
  includeBinary: boolean;
}

export interface EncodedShareLink {
  /** Starts with "#": append it to the app's URL. */
  fragment: string;
  /** fragment.length, the number the dialog compares with MAX_LINK_LENGTH. */
  length: number;
  includedFiles: string[];
  /** Binary files left out because includeBinary was false. */
  excludedFiles: string[];
  /** True when the link is longer than MAX_LINK_LENGTH; the dialog should suggest the zip. */
  overLimit: boolean;
}

/** Thrown by encodeShareFragment for a project that its own import would refuse. */
export class ShareEncodeError extends Error {
  constructor(readonly error: ShareError) {
    super(error.message);
    this.name = 'ShareEncodeError';
  }
}

/**
 * Encodes a project into a link fragment. Throws ShareEncodeError when the
 * project itself could not be imported (too many files, bad paths, …): a link
 * that cannot be opened must not be handed out.
 */
export function encodeShareFragment(project: SharedProject, options: EncodeShareOptions): EncodedShareLink {
  const included: SharedFile[] = [];
  const excludedFiles: string[] = [];
  for (const file of project.files) {
    if (!options.includeBinary && isBinaryFile(file.path, file.data)) excludedFiles.push(file.path);
    else included.push(file);
  }
  const checked = checkSharedProject(project.name, included);
  if (!checked.ok) throw new ShareEncodeError(checked.error);

  const compressed = zlibSync(encodeUtf8(JSON.stringify(toSharePayload(checked.project))), { level: 9 });
  const body = encodeBase64Url(compressed);
  const fragment = `#${FRAGMENT_KEY}${SHARE_FORMAT_VERSION}=${body.length}.${body}`;
  return {
    fragment,
    length: fragment.length,
    includedFiles: checked.project.files.map((file) => file.path),
    excludedFiles,
    overLimit: fragment.length > MAX_LINK_LENGTH,
  };
}

/** The JSON payload of a project whose paths are already checked (exported for the benchmark's comparison). */
export function toSharePayload(project: SharedProject): SharePayload {
  return {
    format: SHARE_FORMAT,
    version: SHARE_FORMAT_VERSION,
    name: project.name,
    files: project.files.map((file) =>
      isBinaryFile(file.path, file.data)
        ? { path: file.path, base64: encodeBase64(typeof file.data === 'string' ? encodeUtf8(file.data) : file.data) }
        : { path: file.path, text: typeof file.data === 'string' ? file.data : new TextDecoder('utf-8', { ignoreBOM: true }).decode(file.data) },
    ),
  };
}

const TRUNCATED_MESSAGE =
  'This share link is incomplete: it was probably cut off when it was copied or sent. Ask for the whole link again, or for the project as a .zip.';
const CORRUPTED_PREFIX = 'This share link is damaged';

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

/** Decodes a link fragment (or a whole URL) into a project. Never throws. */
export function decodeShareFragment(fragment: string): ShareImportResult {
  try {
    return decodeUnsafe(fragment);
  } catch (error) {
    // Every known failure is a value; this is the last guard so the dialog never crashes on input.
    return shareFailure('corrupted', `${CORRUPTED_PREFIX} and could not be read (${errorMessage(error)}).`);
  }
}

function decodeUnsafe(input: string): ShareImportResult {
  if (typeof input !== 'string') return shareFailure('not-a-share-link', 'This is not a Workerbench share link.');
  if (input.length > MAX_FRAGMENT_LENGTH * 2) return tooLongLink();
  const text = fragmentBody(input);
  const header = /^wb(\d{1,9})(?==|$)/.exec(text);
  if (header === null) {
    return shareFailure('not-a-share-link', 'This is not a Workerbench share link: it has no "#wb1=…" part.');
  }
  const version = Number(header[1]);
  if (!SUPPORTED_SHARE_VERSIONS.includes(version)) return unknownVersion(version);

  const rest = text.slice(header[0].length);
  if (rest === '') return shareFailure('truncated', TRUNCATED_MESSAGE);
  const lengthMatch = /^=(\d{0,9})(\.?)/.exec(rest);
  if (lengthMatch === null) return shareFailure('corrupted', `${CORRUPTED_PREFIX}: its header is malformed.`);
  if (lengthMatch[2] === '') {
    // "wb1=12" with nothing after: the link stops inside its header.
    return rest.length === lengthMatch[0].length
      ? shareFailure('truncated', TRUNCATED_MESSAGE)
      : shareFailure('corrupted', `${CORRUPTED_PREFIX}: its header is malformed.`);
  }
  const declaredLength = Number(lengthMatch[1]);
  if (lengthMatch[1] === '' || declaredLength === 0) return shareFailure('corrupted', `${CORRUPTED_PREFIX}: its header is malformed.`);
  if (declaredLength > MAX_FRAGMENT_LENGTH) return tooLongLink();
  const body = rest.slice(lengthMatch[0].length);
  if (body.length < declaredLength) return shareFailure('truncated', TRUNCATED_MESSAGE);

  const compressed = decodeBase64Url(body.slice(0, declaredLength));
  if (compressed === null) return shareFailure('corrupted', `${CORRUPTED_PREFIX}: it contains characters that cannot be part of a link.`);
  const json = inflateZlib(compressed);
  if (!json.ok) return json;

  let parsed: unknown;
  try {
    parsed = JSON.parse(json.text);
  } catch {
    return shareFailure('corrupted', `${CORRUPTED_PREFIX}: its contents are not a project.`);
  }
  return payloadToProject(parsed);
}

function tooLongLink(): { ok: false; error: ShareError } {
  return shareFailure('too-large', `This share link is longer than ${MAX_FRAGMENT_LENGTH} characters, more than any project Workerbench shares.`);
}

function unknownVersion(version: number): { ok: false; error: ShareError } {
  return shareFailure(
    'unknown-version',
    `This share link uses share format version ${version}; this Workerbench reads version ${SUPPORTED_SHARE_VERSIONS.join(', ')}. ` +
      (version > SHARE_FORMAT_VERSION ? 'It was probably made by a newer Workerbench: update and try again.' : 'Ask for a new link.'),
  );
}

/** zlib = 2-byte header + raw deflate + Adler-32 (big-endian) of the output. */
function inflateZlib(bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: ShareError } {
  if (bytes.length < 6) return shareFailure('corrupted', `${CORRUPTED_PREFIX}: it is too short to hold a project.`);
  const cmf = bytes[0]!;
  const flags = bytes[1]!;
  // Method 8 (deflate), header checksum, and no preset dictionary (we never write one).
  if ((cmf & 0x0f) !== 8 || ((cmf << 8) | flags) % 31 !== 0 || (flags & 0x20) !== 0) {
    return shareFailure('corrupted', `${CORRUPTED_PREFIX}: its data does not start like a Workerbench project.`);
  }
  let adler = ADLER32_INITIAL;
  const inflated = inflateRawBounded(bytes.subarray(2, -4), MAX_DECOMPRESSED_BYTES, (chunk) => {
    adler = updateAdler32(adler, chunk);
  });
  if (!inflated.ok) {
    if (inflated.reason === 'too-large') {
      return shareFailure(
        'too-large',
        `This share link expands to more than ${MAX_DECOMPRESSED_BYTES / (1024 * 1024)} MiB; Workerbench stopped reading it.`,
      );
    }
    // The length in the header matched, so a stream that ends early was damaged, not cut off.
    return shareFailure('corrupted', `${CORRUPTED_PREFIX}: its compressed data is invalid.`);
  }
  const trailer = bytes.subarray(-4);
  const expected = ((trailer[0]! << 24) | (trailer[1]! << 16) | (trailer[2]! << 8) | trailer[3]!) >>> 0;
  if (expected !== adler) return shareFailure('corrupted', `${CORRUPTED_PREFIX}: its checksum does not match.`);
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes) };
  } catch {
    return shareFailure('corrupted', `${CORRUPTED_PREFIX}: its contents are not text.`);
  }
}

function payloadToProject(parsed: unknown): ShareImportResult {
  if (typeof parsed !== 'object' || parsed === null || (parsed as { format?: unknown }).format !== SHARE_FORMAT) {
    return shareFailure('corrupted', `${CORRUPTED_PREFIX}: its contents are not a Workerbench project.`);
  }
  const version = (parsed as { version?: unknown }).version;
  if (typeof version === 'number' && version !== SHARE_FORMAT_VERSION) return unknownVersion(version);
  // Counted before schema validation so the user hears "too many files", not a schema message.
  const files = (parsed as { files?: unknown }).files;
  if (Array.isArray(files) && files.length > MAX_FILES) {
    return shareFailure('too-many-files', `The shared project has ${files.length} files; at most ${MAX_FILES} can be imported.`);
  }
  const result = sharePayloadSchema.safeParse(parsed);
  if (!result.success) {
    return shareFailure('corrupted', `${CORRUPTED_PREFIX}: ${describePayloadIssue(result.error)}.`);
  }
  const sharedFiles: SharedFile[] = [];
  for (const file of result.data.files) {
    if ('text' in file) {
      sharedFiles.push({ path: file.path, data: file.text });
      continue;
    }
    const bytes = decodeBase64(file.base64);
    if (bytes === null) return shareFailure('corrupted', `${CORRUPTED_PREFIX}: the binary file ${JSON.stringify(file.path)} is not valid base64.`);
    sharedFiles.push({ path: file.path, data: bytes });
  }
  return checkSharedProject(result.data.name, sharedFiles);
}
