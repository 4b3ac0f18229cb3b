import type { RunErrorInfo } from '@/lib/runtime/events';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * The one error type the runtime throws. It carries a stable code and a
 * location so that whatever fails — a limit, a model, a child worker — reaches
 * the event stream as a located RunErrorInfo instead of a bare message.
 */
export type RunErrorCode =
  | 'aborted'
  | 'max_depth'
  | 'max_steps'
  | 'incompatible_model'
  | 'no_model'
  | 'unknown_worker'
  | 'worker_not_allowed'
  | 'tool_name_clash'
  | 'empty_input'
  | 'attachment_error'
  | 'model_error'
  | 'invalid_output'
  | 'invalid_input'
  | 'invalid_schema'
  | 'invalid_arguments'
  | 'unknown_tool'
  | 'denied'
  | 'blocked'
  | 'tool_failed'
  | 'attachment_not_readable'
  /** A created worker's schema file its creator may not read (no filesystem toolset, read_file blocked). */
  | 'schema_not_readable'
  | 'binary_file'
  | 'invalid_worker'
  | 'name_taken'
  | 'no_generated_workers_dir'
  /** A run cut off by a reload or a crash (set when its record is read back). */
  | 'interrupted'
  /** A resumed run could not re-establish what a recorded tool call had set up (worker_create's worker). */
  | 'restore_failed'
  /** A replay's request differed from the recorded one (replay-difference.ts): the run stops there, whole. */
  | 'replay_diverged'
  | 'internal_error';

export class RunError extends Error {
  constructor(
    readonly code: RunErrorCode,
    message: string,
    readonly location?: string,
  ) {
    super(message);
    this.name = 'RunError';
  }

  toInfo(): RunErrorInfo {
    return this.location === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, location: this.location };
  }
}

export function isRunError(error: unknown, code?: RunErrorCode): error is RunError {
  return error instanceof RunError && (code === undefined || error.code === code);
}

/**
 * Errors that end the whole run rather than the tool call they surface in: a
 * stop, and a replay that no longer follows its record (the parent would go on
 * with a conversation the record never had).
 */
export function endsTheRun(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || isRunError(error, 'aborted') || isRunError(error, 'replay_diverged');
}

/**
 * The one conversion of anything thrown into a RunError: a RunError keeps its
 * code (and gets the location when it had none); anything else becomes
 * `fallbackCode` with its message.
 */
export function toRunError(error: unknown, fallbackCode: RunErrorCode = 'internal_error', location?: string): RunError {
  if (error instanceof RunError) {
    return error.location === undefined && location !== undefined ? new RunError(error.code, error.message, location) : error;
  }
  return new RunError(fallbackCode, errorMessage(error), location);
}

/** Any thrown value as the RunErrorInfo events carry (codes stay strings there: old records may hold others). */
export function toRunErrorInfo(error: unknown, fallbackCode: RunErrorCode = 'internal_error', location?: string): RunErrorInfo {
  return toRunError(error, fallbackCode, location).toInfo();
}

/** A location string used in every error: "worker evaluator (depth 2), step 3". */
export function describeLocation(workerName: string, depth: number, step?: number): string {
  const base = `worker ${workerName} (depth ${depth})`;
  return step === undefined ? base : `${base}, step ${step}`;
}
