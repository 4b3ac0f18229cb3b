import type { ToolResultPart } from 'ai';
import type { RunErrorInfo } from '@/lib/runtime/events';
import { checkJsonBounds } from '@/lib/security/bounded-json';
import { TOOL_VALUE_JSON_LIMITS } from '@/lib/security/json-limits';

/**
 * What the model sees of a tool's result. Strings go as text, everything else
 * as JSON (round-tripped so that only JSON-serialisable data is sent), errors
 * and refusals as error text the model can read and act on.
 */
export type ModelToolOutput = ToolResultPart['output'];

export function toModelOutput(result: unknown): ModelToolOutput {
  if (typeof result === 'string') return { type: 'text', value: result };
  if (result === undefined) return { type: 'text', value: '' };
  // A result nested too deep or too large would overflow JSON.stringify, the record and the run view: refused as the tool's failure.
  const bounds = checkJsonBounds(result, TOOL_VALUE_JSON_LIMITS, "the tool's result");
  if (!bounds.ok) throw new Error(bounds.message);
  const json: unknown = JSON.parse(JSON.stringify(result) ?? 'null');
  return { type: 'json', value: json as Extract<ModelToolOutput, { type: 'json' }>['value'] };
}

export function toModelErrorOutput(message: string): ModelToolOutput {
  return { type: 'error-text', value: message };
}

/** The gate's refusals: the model reads their message as it is. */
export const REFUSAL_CODES: ReadonlySet<string> = new Set(['unknown_tool', 'invalid_arguments', 'blocked', 'denied']);

/** What the model reads of a tool that ran and failed: which tool, why, and where. */
export function failedToolMessage(toolName: string, error: RunErrorInfo): string {
  const where = error.location === undefined ? '' : ` (at ${error.location})`;
  return `${toolName} failed: ${error.message}${where}`;
}

/** The model's view of a tool-error event: a refusal's message, or the failure as failedToolMessage words it. */
export function toolErrorModelOutput(toolName: string, error: RunErrorInfo): ModelToolOutput {
  return toModelErrorOutput(REFUSAL_CODES.has(error.code) ? error.message : failedToolMessage(toolName, error));
}
