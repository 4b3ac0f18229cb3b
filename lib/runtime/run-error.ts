import type { RunErrorInfo } from '@/lib/runtime/events';

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
  | 'internal_error';

export class RunError extends Error {
  constructor(
    readonly code: RunErrorCode | (string & {}),
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

export function isRunError(error: unknown, code?: string): error is RunError {
  return error instanceof RunError && (code === undefined || error.code === code);
}

/** Any thrown value as a RunErrorInfo; unknown errors keep their message. */
export function toRunErrorInfo(error: unknown, fallbackCode = 'internal_error', location?: string): RunErrorInfo {
  if (error instanceof RunError) {
    const info = error.toInfo();
    return info.location === undefined && location !== undefined ? { ...info, location } : info;
  }
  const message = error instanceof Error ? error.message : String(error);
  return location === undefined ? { code: fallbackCode, message } : { code: fallbackCode, message, location };
}

/** A location string used in every error: "worker evaluator (depth 2), step 3". */
export function describeLocation(workerName: string, depth: number, step?: number): string {
  const base = `worker ${workerName} (depth ${depth})`;
  return step === undefined ? base : `${base}, step ${step}`;
}
