import { formatSchemaIssue, schemaIssues } from '@/lib/json-schema/json-schema';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * Checks a tool call's arguments against the tool's JSON Schema and says what is
 * wrong in one sentence, so a model's malformed call becomes a tool error it
 * can fix, before anyone is asked to approve it. Uses the same Ajv setup as
 * typed worker I/O so a schema means the same thing everywhere.
 */
export function checkAgainstSchema(schema: Record<string, unknown>, value: unknown, name = 'arguments'): string | null {
  let issues;
  try {
    issues = schemaIssues(schema, value);
  } catch (error) {
    return `the tool's schema itself is invalid: ${errorMessage(error)}`;
  }
  if (issues.length === 0) return null;
  return issues.map((issue) => formatSchemaIssue(issue, name)).join('; ');
}
