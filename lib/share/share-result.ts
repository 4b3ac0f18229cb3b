/**
 * The one result shape of every share import (link or zip): importing is fed
 * untrusted input, so failures are values with a code for the dialog and a
 * sentence for the user — never exceptions, never HTML.
 */

/** A project as it travels: project-relative paths; text files as strings, binary files as bytes. */
export interface SharedFile {
  path: string;
  data: Uint8Array | string;
}

export interface SharedProject {
  name: string;
  files: SharedFile[];
}

export type ShareErrorCode =
  | 'not-a-share-link'
  | 'truncated'
  | 'corrupted'
  | 'unknown-version'
  | 'too-large'
  | 'too-many-files'
  | 'invalid-path'
  | 'duplicate-path'
  | 'invalid-text'
  | 'invalid-name';

export interface ShareError {
  code: ShareErrorCode;
  /** Plain text for people. Untrusted names and paths are quoted with JSON.stringify, never interpolated as markup. */
  message: string;
}

export type ShareImportResult = { ok: true; project: SharedProject } | { ok: false; error: ShareError };

export function shareFailure(code: ShareErrorCode, message: string): { ok: false; error: ShareError } {
  return { ok: false, error: { code, message } };
}

/** Quotes untrusted text for a message: escapes control characters and keeps it short. */
export function quoteForMessage(text: string, maxLength = 120): string {
  return JSON.stringify(text.length > maxLength ? text.slice(0, maxLength) + '…' : text);
}
