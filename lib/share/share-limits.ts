/**
 * Limits of project sharing, in one place so the share dialog, the link codec
 * and the zip reader name the same numbers.
 */

/**
 * Longest link the share dialog offers without a warning (the whole "#wb1=…"
 * fragment). Browsers accept far longer URLs (Chromium about 2 MB), so the limit
 * comes from where links travel: a 32,000-character link still fits in one
 * Slack message (40,000 characters) and in half a GitHub comment (65,536), and
 * is still something people will paste. Longer links are produced but flagged
 * `overLimit` so the dialog can suggest the zip instead.
 */
export const MAX_LINK_LENGTH = 32_000;

/**
 * Longest fragment the decoder looks at. Larger than MAX_LINK_LENGTH because
 * over-limit links are still valid; beyond this the input is refused before
 * any decoding work.
 */
export const MAX_FRAGMENT_LENGTH = 4 * 1024 * 1024;

/**
 * Largest total uncompressed size of an imported project (link payload or sum
 * of zip entries). Text projects are kilobytes; 20 MiB leaves room for a few
 * sample PDFs in a zip while a decompression bomb stops long before memory
 * matters: inflation is streamed and abandoned as soon as output passes this.
 */
export const MAX_DECOMPRESSED_BYTES = 20 * 1024 * 1024;

/**
 * Most files in one imported project. Large enough for a project of several
 * hundred workers with their inputs (the 500-worker import is benchmarked),
 * small enough that the per-file work of an import stays bounded; the bytes
 * are bounded separately by MAX_DECOMPRESSED_BYTES.
 */
export const MAX_FILES = 2_000;

/** Longest project name accepted from a link, as in project.json's `name`. */
export const MAX_PROJECT_NAME_LENGTH = 100;

/** The link format this build writes, and every one it reads. */
export const SHARE_FORMAT = 'workerbench-project';
export const SHARE_FORMAT_VERSION = 1;
export const SUPPORTED_SHARE_VERSIONS: readonly number[] = [1];
