import { encodeUtf8 } from '@/lib/vfs/utf8';
import { decodeBase64, encodeBase64 } from '@/lib/encoding/base64';
import { checkJsonBounds } from '@/lib/security/bounded-json';
import { SHARE_PAYLOAD_JSON_LIMITS } from '@/lib/security/json-limits';
import { decodeFragment, encodeFragment, unknownFragmentVersion, type FragmentKind } from './compressed-fragment';
import { isBinaryFile } from './file-kind';
import { checkSharedProject } from './project-checks';
import { describePayloadIssue, sharePayloadSchema, type SharePayload } from './share-payload';
import { MAX_FILES, MAX_LINK_LENGTH, SHARE_FORMAT, SHARE_FORMAT_VERSION, SUPPORTED_SHARE_VERSIONS } from './share-limits';
import { shareFailure, type SharedFile, type SharedProject, type ShareError, type ShareImportResult } from './share-result';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * Project <-> URL fragment ("#wb1=…", the scheme of compressed-fragment.ts).
 * The fragment never reaches a server, so a shared project stays between the
 * people who pass the link around.
 */
export { MAX_LINK_LENGTH };

export const PROJECT_LINK: FragmentKind = {
  key: 'wb',
  version: SHARE_FORMAT_VERSION,
  supportedVersions: SUPPORTED_SHARE_VERSIONS,
  linkName: 'share link',
  contents: 'a project',
  alternative: 'the project as a .zip',
};

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

  const fragment = encodeFragment(PROJECT_LINK, toSharePayload(checked.project));
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

const CORRUPTED_PREFIX = 'This share link is damaged';

/** Decodes a link fragment (or a whole URL) into a project. Never throws. */
export function decodeShareFragment(fragment: string): ShareImportResult {
  const decoded = decodeFragment(fragment, PROJECT_LINK);
  if (!decoded.ok) return decoded;
  try {
    return payloadToProject(decoded.value);
  } catch (error) {
    // Every known failure is a value; this is the last guard so the dialog never crashes on input.
    return shareFailure('corrupted', `${CORRUPTED_PREFIX} and could not be read (${errorMessage(error)}).`);
  }
}

function payloadToProject(parsed: unknown): ShareImportResult {
  // Bounded before the schema or anything else walks it (bounded-json.ts).
  const bounds = checkJsonBounds(parsed, SHARE_PAYLOAD_JSON_LIMITS, 'this share link');
  if (!bounds.ok) return shareFailure('too-large', bounds.message);
  if (typeof parsed !== 'object' || parsed === null || (parsed as { format?: unknown }).format !== SHARE_FORMAT) {
    return shareFailure('corrupted', `${CORRUPTED_PREFIX}: its contents are not a Workerbench project.`);
  }
  const version = (parsed as { version?: unknown }).version;
  if (typeof version === 'number' && version !== SHARE_FORMAT_VERSION) return unknownFragmentVersion(PROJECT_LINK, version);
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
