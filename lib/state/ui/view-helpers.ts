/**
 * The pure helpers components use to present values: sizes and the message of
 * anything thrown. Components reach lib only through lib/state (a lint rule in
 * eslint.config.mjs), so these are offered here: when a helper moves inside lib,
 * only this file changes. The file tree uses this before it is interactive, so
 * larger helpers of other views live beside it (comparison-helpers.ts).
 */
export { formatBytes } from '@/lib/text/format-bytes';
export { errorMessage } from '@/lib/errors/error-message';
