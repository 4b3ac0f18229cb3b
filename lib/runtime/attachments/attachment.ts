import type { AttachmentSummary } from '@/lib/runtime/events';

/**
 * A file handed to a worker: read from the parent's project sandbox before the
 * child runs, so the child (and its model) only ever sees bytes, never paths
 * it could use to reach elsewhere.
 */
export interface Attachment {
  /** Canonical project-relative path ("input/deck.pdf"). */
  path: string;
  /** Basename of the path ("deck.pdf"). */
  name: string;
  /** From the extension; "application/octet-stream" when unknown. */
  mimeType: string;
  bytes: Uint8Array;
  size: number;
  /** The attachment slot it was passed in, when the worker declares slots. */
  slot?: string;
}

/** What the policy needs to know about a file: enough to refuse it before reading its bytes. */
export interface AttachmentCandidate {
  path: string;
  size: number;
  /** Explicit slot name (a slot parameter of the worker tool), if any. */
  slot?: string;
}

/** A path as passed by a caller, with the slot parameter it came from, if any. */
export interface AttachmentReference {
  path: string;
  slot?: string;
}

export type AttachmentErrorCode =
  // Loading
  | 'invalid_path'
  | 'not_found'
  | 'is_directory'
  | 'empty_file'
  | 'too_large'
  | 'read_failed'
  // Policy
  | 'attachments_not_accepted'
  | 'too_many_attachments'
  | 'total_too_large'
  | 'suffix_not_allowed'
  | 'suffix_denied'
  | 'attachment_required'
  | 'slot_required'
  | 'slot_suffix_not_allowed'
  | 'unknown_slot'
  | 'duplicate_slot';

/**
 * Why an attachment was refused. The message is written for the calling model:
 * it names the file, the worker and the rule, so the model can fix its call.
 */
export interface AttachmentErrorOptions {
  code: AttachmentErrorCode;
  message: string;
  path?: string;
  workerName?: string;
  violations?: readonly AttachmentViolation[];
}

export class AttachmentError extends Error {
  readonly code: AttachmentErrorCode;
  /** The offending path; undefined for rules about the whole set (e.g. "required"). */
  readonly path: string | undefined;
  /** The worker whose policy refused it, for policy errors. */
  readonly workerName: string | undefined;
  /** Every violation found, when a policy check found several; the first is this error's own. */
  readonly violations: readonly AttachmentViolation[];

  constructor({ code, message, path, workerName, violations }: AttachmentErrorOptions) {
    super(message);
    this.name = 'AttachmentError';
    this.code = code;
    this.path = path;
    this.workerName = workerName;
    this.violations = violations ?? [{ code, message, path }];
  }
}

export interface AttachmentViolation {
  code: AttachmentErrorCode;
  message: string;
  path: string | undefined;
}

export function isAttachmentError(error: unknown): error is AttachmentError {
  return error instanceof AttachmentError;
}

/** The event-safe view of an attachment (no bytes). */
export function summarizeAttachment(attachment: Attachment): AttachmentSummary {
  return { path: attachment.path, name: attachment.name, mimeType: attachment.mimeType, size: attachment.size };
}
