import type { ToolResultPart } from 'ai';

/**
 * What the model sees of a tool's result. Strings go as text, everything else
 * as JSON (round-tripped so that only JSON-serialisable data is sent), errors
 * and refusals as error text the model can read and act on.
 */
export type ModelToolOutput = ToolResultPart['output'];

export function toModelOutput(result: unknown): ModelToolOutput {
  if (typeof result === 'string') return { type: 'text', value: result };
  if (result === undefined) return { type: 'text', value: '' };
  const json: unknown = JSON.parse(JSON.stringify(result) ?? 'null');
  return { type: 'json', value: json as Extract<ModelToolOutput, { type: 'json' }>['value'] };
}

export function toModelErrorOutput(message: string): ModelToolOutput {
  return { type: 'error-text', value: message };
}
