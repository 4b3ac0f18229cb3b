import type { UserModelMessage } from 'ai';
import { formatSchemaIssue, schemaIssues, type JsonSchema, type SchemaIssue } from '../../json-schema/json-schema';
import { errorMessage } from '@/lib/errors/error-message';
import { checkJsonBounds } from '@/lib/security/bounded-json';
import { TOOL_VALUE_JSON_LIMITS } from '@/lib/security/json-limits';

/**
 * Structured output of a worker with an output schema: the final answer is
 * parsed as JSON and validated. A first failure gets one repair attempt (the
 * model is told exactly what was wrong); a second failure is a clear error.
 */
export type StructuredOutputResult =
  | { ok: true; value: unknown }
  | { ok: false; issues: SchemaIssue[]; /** What the model produced, for the error message. */ received: unknown };

/**
 * Validates an output value. A string (the text of the last step) is parsed as
 * JSON first, tolerating a ```json fence around it; an object from the
 * provider's structured output mode is validated as it is.
 */
export function validateStructuredOutput(schema: JsonSchema, output: unknown): StructuredOutputResult {
  let value = output;
  if (typeof output === 'string') {
    const text = stripCodeFence(output);
    try {
      value = JSON.parse(text);
    } catch (error) {
      const reason = errorMessage(error);
      return { ok: false, issues: [{ field: '', rule: 'json', message: `is not valid JSON (${reason})` }], received: output };
    }
  }
  // The model's answer is untrusted too: bounded before the schema checker walks it.
  const bounds = checkJsonBounds(value, TOOL_VALUE_JSON_LIMITS, 'the answer');
  if (!bounds.ok) return { ok: false, issues: [{ field: '', rule: 'json', message: bounds.message.replace(/^The answer /, '') }], received: output };
  const issues = schemaIssues(schema, value);
  return issues.length === 0 ? { ok: true, value } : { ok: false, issues, received: value };
}

function stripCodeFence(text: string): string {
  const trimmed = text.trim();
  const fenced = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?```$/.exec(trimmed);
  return fenced?.[1] !== undefined ? fenced[1].trim() : trimmed;
}

/** The user message of the repair attempt: what was wrong, and what to send instead. */
export function buildRepairMessage(issues: readonly SchemaIssue[], schema?: JsonSchema): UserModelMessage {
  const lines = [
    'Your answer does not match the required output schema:',
    ...issues.map((issue) => `- ${formatSchemaIssue(issue, 'the answer')}`),
    'Reply again with only the corrected JSON value (no prose, no code fence).',
  ];
  if (schema !== undefined) lines.push(`The schema is: ${JSON.stringify(schema)}`);
  return { role: 'user', content: lines.join('\n') };
}

export class StructuredOutputError extends Error {
  constructor(
    readonly workerName: string,
    readonly issues: readonly SchemaIssue[],
    readonly attempts: number,
  ) {
    super(
      `Worker "${workerName}" returned output that does not match its output schema after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${issues
        .map((issue) => formatSchemaIssue(issue, 'output'))
        .join('; ')}.`,
    );
    this.name = 'StructuredOutputError';
  }
}

export const MAX_OUTPUT_REPAIR_ATTEMPTS = 1;

export type StructuredOutputDecision =
  | { action: 'accept'; value: unknown }
  | { action: 'repair'; message: UserModelMessage }
  | { action: 'fail'; error: StructuredOutputError };

export interface DecideStructuredOutputOptions {
  workerName: string;
  schema: JsonSchema;
  output: unknown;
  attempt: number;
  maxRepairs?: number;
}

/**
 * The loop's policy, in one place: `attempt` counts answers checked so far
 * (1 for the first answer). Accept a valid one; ask for a repair after the
 * first failure; fail with a clear error after the second.
 */
export function decideStructuredOutput({ workerName, schema, output, attempt, maxRepairs = MAX_OUTPUT_REPAIR_ATTEMPTS }: DecideStructuredOutputOptions): StructuredOutputDecision {
  const result = validateStructuredOutput(schema, output);
  if (result.ok) return { action: 'accept', value: result.value };
  if (attempt <= maxRepairs) return { action: 'repair', message: buildRepairMessage(result.issues, schema) };
  return { action: 'fail', error: new StructuredOutputError(workerName, result.issues, attempt) };
}
