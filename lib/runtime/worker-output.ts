import { checkAgainstSchema } from '@/lib/runtime/json-schema-check';
import { RunError } from '@/lib/runtime/run-error';

/**
 * A worker's output is the text of its last step; with an output schema it is
 * that text parsed as JSON and checked against the schema, so callers (and
 * parent models) get data they can rely on, or a clear error.
 */
export function workerOutput(text: string, outputSchema: Record<string, unknown> | undefined, location: string): unknown {
  if (outputSchema === undefined) return text;
  const json = text.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new RunError('invalid_output', `The final answer is not the JSON the output schema asks for: ${preview(text)}`, location);
  }
  const problem = checkAgainstSchema(outputSchema, value, 'output');
  if (problem !== null) {
    throw new RunError('invalid_output', `The final answer does not match the output schema: ${problem}.`, location);
  }
  return value;
}

function preview(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' ? '(empty)' : JSON.stringify(trimmed.length > 200 ? `${trimmed.slice(0, 200)}…` : trimmed);
}
