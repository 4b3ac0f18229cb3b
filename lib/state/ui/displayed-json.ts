import { errorMessage } from '@/lib/errors/error-message';
import { checkJsonBounds } from '@/lib/security/bounded-json';
import { TOOL_VALUE_JSON_LIMITS } from '@/lib/security/json-limits';

/**
 * Pretty JSON of a value the UI shows (tool arguments, results, outputs). The
 * value came from a record, a tool or a model: one nested too deep or too large
 * is shown as the sentence saying so instead of overflowing the stack
 * (String(value) of deep arrays overflows too, so it is no fallback).
 */
export function displayedJson(value: unknown): string {
  const bounds = checkJsonBounds(value, TOOL_VALUE_JSON_LIMITS, 'this value');
  if (!bounds.ok) return `(${bounds.message})`;
  try {
    return JSON.stringify(value, null, 2) ?? typeof value;
  } catch (error) {
    return `(This value cannot be shown: ${errorMessage(error)})`;
  }
}
