import { isVfsError, type FileSystem } from '@/lib/vfs/file-system';
import { formatBytes } from '@/lib/text/format-bytes';
import { MAX_FILE_BYTES } from '@/lib/vfs/limits';
import { mimeTypeForPath } from '@/lib/vfs/mime-type';
import { baseName } from '@/lib/vfs/path';
import { normalizeSandboxPath } from '@/lib/vfs/sandbox-path';
import { AttachmentError, type Attachment, type AttachmentCandidate, type AttachmentReference } from './attachment';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * Reads attachment paths from the caller's project sandbox. Everything that can
 * be refused is refused here, before any model call and before the bytes are
 * read (stat first), with an AttachmentError the calling model can act on.
 */

/** The part of a project sandbox this needs; paths are project-relative. */
export type AttachmentSource = Pick<FileSystem, 'stat' | 'readFile'>;

export interface LoadAttachmentsOptions {
  /** Largest single attachment; defaults to the VFS file limit (MAX_FILE_BYTES). */
  maxFileBytes?: number;
}

export type AttachmentInput = string | AttachmentReference;

function toReference(input: AttachmentInput): AttachmentReference {
  return typeof input === 'string' ? { path: input } : input;
}

function normalizeOrRefuse(path: unknown): string {
  if (typeof path !== 'string') {
    throw new AttachmentError({ code: 'invalid_path', message: `Attachment paths must be strings, got ${path === null ? 'null' : typeof path}.` });
  }
  try {
    return normalizeSandboxPath(path);
  } catch (error) {
    const reason = errorMessage(error);
    throw new AttachmentError({ code: 'invalid_path', message: `Cannot attach "${path}": ${reason} Attachments must be project-relative paths such as "input/deck.pdf".`, path });
  }
}

/**
 * Checks every path (inside the project, exists, is a file, not empty, not too
 * large) without reading bytes. The result feeds enforceAttachmentPolicy.
 */
export async function statAttachments(
  source: AttachmentSource,
  inputs: readonly AttachmentInput[],
  options: LoadAttachmentsOptions = {},
): Promise<AttachmentCandidate[]> {
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const candidates: AttachmentCandidate[] = [];
  for (const input of inputs) {
    const reference = toReference(input);
    const path = normalizeOrRefuse(reference.path);
    if (path === '') {
      throw new AttachmentError({ code: 'is_directory', message: `Cannot attach "${reference.path}": it is the project root, not a file.`, path: reference.path });
    }
    let stat;
    try {
      stat = await source.stat(path);
    } catch (error) {
      throw fromVfsError(error, path);
    }
    if (stat === null) {
      throw new AttachmentError({ code: 'not_found', message: `Cannot attach "${path}": no such file in the project. Check the path with list_files.`, path });
    }
    if (stat.kind === 'directory') {
      throw new AttachmentError({ code: 'is_directory', message: `Cannot attach "${path}": it is a directory; attach the files inside it instead.`, path });
    }
    if (stat.size === 0) {
      throw new AttachmentError({ code: 'empty_file', message: `Cannot attach "${path}": the file is empty (0 bytes).`, path });
    }
    if (stat.size > maxFileBytes) {
      throw new AttachmentError({ code: 'too_large', message: `Cannot attach "${path}": it is ${formatBytes(stat.size)}, larger than the ${formatBytes(maxFileBytes)} limit for one attachment.`, path });
    }
    candidates.push(reference.slot === undefined ? { path, size: stat.size } : { path, size: stat.size, slot: reference.slot });
  }
  return candidates;
}

/** Reads the bytes of checked candidates; name and MIME type come from the path. */
export async function readAttachments(
  source: AttachmentSource,
  candidates: readonly AttachmentCandidate[],
): Promise<Attachment[]> {
  const attachments: Attachment[] = [];
  for (const candidate of candidates) {
    let bytes: Uint8Array;
    try {
      bytes = await source.readFile(candidate.path);
    } catch (error) {
      throw fromVfsError(error, candidate.path);
    }
    // The file may have changed between stat and read; re-check what the policy relied on.
    if (bytes.byteLength === 0) {
      throw new AttachmentError({ code: 'empty_file', message: `Cannot attach "${candidate.path}": the file is empty (0 bytes).`, path: candidate.path });
    }
    const attachment: Attachment = {
      path: candidate.path,
      name: baseName(candidate.path),
      mimeType: mimeTypeForPath(candidate.path),
      bytes,
      size: bytes.byteLength,
    };
    if (candidate.slot !== undefined) attachment.slot = candidate.slot;
    attachments.push(attachment);
  }
  return attachments;
}

/** statAttachments then readAttachments: for callers that enforce no policy in between. */
export async function loadAttachments(
  source: AttachmentSource,
  inputs: readonly AttachmentInput[],
  options: LoadAttachmentsOptions = {},
): Promise<Attachment[]> {
  return readAttachments(source, await statAttachments(source, inputs, options));
}

function fromVfsError(error: unknown, path: string): AttachmentError {
  if (error instanceof AttachmentError) return error;
  if (isVfsError(error, 'EINVALIDPATH')) {
    return new AttachmentError({ code: 'invalid_path', message: `Cannot attach "${path}": ${error.message}`, path });
  }
  if (isVfsError(error, 'ENOENT')) {
    return new AttachmentError({ code: 'not_found', message: `Cannot attach "${path}": no such file in the project.`, path });
  }
  if (isVfsError(error, 'EISDIR')) {
    return new AttachmentError({ code: 'is_directory', message: `Cannot attach "${path}": it is a directory.`, path });
  }
  if (isVfsError(error, 'ETOOLARGE')) {
    return new AttachmentError({ code: 'too_large', message: `Cannot attach "${path}": ${error.message}`, path });
  }
  const reason = errorMessage(error);
  return new AttachmentError({ code: 'read_failed', message: `Cannot attach "${path}": reading it failed: ${reason}`, path });
}
