/**
 * The manifest's file name and its defaults, on their own so code that only
 * needs them (the file tree, the run tree's retry notes) loads no schema (zod).
 */
export const MANIFEST_FILE_NAME = 'project.json';

export const DEFAULT_MAX_DEPTH = 5;
export const DEFAULT_MAX_STEPS = 20;
/** Retries of one model request the provider turned away with "try later" (429, 529, 503 …). */
export const DEFAULT_MAX_RETRIES = 5;
/** Model requests one run may have in flight at once; the rest queue. */
export const DEFAULT_MAX_CONCURRENCY = 4;
