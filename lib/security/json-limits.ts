import { MAX_DECOMPRESSED_BYTES, MAX_FILES } from '@/lib/share/share-limits';
import { DEFAULT_MAX_JSON_DEPTH, type JsonLimits } from './bounded-json';

/**
 * The limits of each kind of untrusted JSON, in one place so SECURITY.md and
 * the messages name the same numbers. Depth is the same everywhere: nothing
 * Workerbench writes nests near it. Values and characters follow what each
 * source can legitimately hold.
 */

/** A run record (file or link), the whole payload: its events, steps and project. */
export const RUN_RECORD_JSON_LIMITS: JsonLimits = {
  maxDepth: DEFAULT_MAX_JSON_DEPTH,
  maxValues: 4_000_000,
  maxCharacters: 3 * MAX_DECOMPRESSED_BYTES,
};

/** A project link's payload: a name and its files, as text or base64. */
export const SHARE_PAYLOAD_JSON_LIMITS: JsonLimits = {
  maxDepth: DEFAULT_MAX_JSON_DEPTH,
  maxValues: 16 + 4 * MAX_FILES,
  maxCharacters: 2 * MAX_DECOMPRESSED_BYTES,
};

/** A JSON file of a project (project.json, a schema, a worker's inputs), from an import or typed in. */
export const PROJECT_FILE_JSON_LIMITS: JsonLimits = {
  maxDepth: DEFAULT_MAX_JSON_DEPTH,
  maxValues: 1_000_000,
  maxCharacters: MAX_DECOMPRESSED_BYTES,
};

/** A tool's result or a model's structured output, before it is recorded, shown or sent back. */
export const TOOL_VALUE_JSON_LIMITS: JsonLimits = {
  maxDepth: DEFAULT_MAX_JSON_DEPTH,
  maxValues: 1_000_000,
  maxCharacters: MAX_DECOMPRESSED_BYTES,
};

/** A kept run's events as the archive returns them (written by an older build, or edited in storage). */
export const ARCHIVED_RUN_JSON_LIMITS: JsonLimits = RUN_RECORD_JSON_LIMITS;
