import type { z } from 'zod';
import type { Diagnostic, DiagnosticSeverity } from '@/lib/worker/diagnostic';
import type { PathSegment, SourceMap, SourceRange } from '@/lib/worker/yaml-source-map';

/**
 * Turns zod issues into editor diagnostics: each issue is placed on the key or
 * value that caused it, and its message names the field, so that a user sees
 * "toolsets.workers.allowed_workers[1]: …" right where the mistake is.
 */

type Issue = z.core.$ZodIssue;

export function formatPath(path: readonly PathSegment[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? segment : `.${segment}`;
  }
  return text;
}

export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number') return Number.isInteger(value) ? `the number ${value}` : `the decimal number ${value}`;
  if (typeof value === 'boolean') return `the boolean ${value}`;
  return typeof value;
}

const EXPECTED_NAMES: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a mapping',
  array: 'a list',
  record: 'a mapping',
};

function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  let current: unknown = data;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PathSegment, unknown>)[segment];
  }
  return current;
}

/** Edit distance, to suggest the intended key for a typo. */
export function editDistance(left: string, right: string): number {
  const previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= right.length; j++) {
      const above = previous[j]!;
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return previous[right.length]!;
}

export function suggestKey(key: string, known: readonly string[]): string | undefined {
  // A shortened key ("allowed" for "allowed_workers") is a typo too.
  const lower = key.toLowerCase();
  if (lower.length >= 4) {
    const prefixed = known.filter((candidate) => candidate.toLowerCase().startsWith(lower));
    if (prefixed.length === 1) return prefixed[0];
  }
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(key.length / 3)) ? best : undefined;
}

interface SchemaDefinition {
  type?: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
}

function definitionOf(schema: z.ZodType): SchemaDefinition {
  return (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;
}

/** Keys an object schema accepts at `path`, seen through optional/default wrappers. */
export function knownKeysAt(schema: z.ZodType, path: readonly PathSegment[]): string[] {
  let current: z.ZodType | undefined = schema;
  const unwrap = () => {
    while (current) {
      const definition = definitionOf(current);
      if (definition.innerType) current = definition.innerType;
      else break;
    }
  };
  for (const segment of path) {
    unwrap();
    if (!current) return [];
    const definition = definitionOf(current);
    if (definition.shape && typeof segment === 'string') current = definition.shape[segment];
    else if (definition.element) current = definition.element;
    else if (definition.valueType) current = definition.valueType;
    else return [];
  }
  unwrap();
  if (!current) return [];
  const shape = definitionOf(current).shape;
  return shape ? Object.keys(shape) : [];
}

export interface IssueContext {
  file: string;
  /** The raw data that was validated, to describe wrong values. */
  data: unknown;
  sourceMap: SourceMap;
  schema: z.ZodType;
  /** "frontmatter" or "project.json": how the top level is called in messages. */
  subject: string;
  /** Severity for unknown keys (errors by default). */
  unknownKeySeverity?: DiagnosticSeverity;
}

interface MakeOptions {
  context: IssueContext;
  range: SourceRange;
  code: string;
  message: string;
  severity?: DiagnosticSeverity;
  replacement?: string;
}

function make({ context, range, code, message, severity = 'error', replacement }: MakeOptions): Diagnostic {
  return { file: context.file, ...range, severity, code, message, ...(replacement === undefined ? {} : { replacement }) };
}

function issueMessage(issue: Issue, field: string, data: unknown): { code: string; message: string } {
  const value = valueAt(data, issue.path as PathSegment[]);
  switch (issue.code) {
    case 'invalid_type': {
      if (value === undefined) return { code: 'missing-field', message: `Missing required field "${field}"` };
      const expected = EXPECTED_NAMES[issue.expected] ?? issue.expected;
      // YAML reads `2024` or `true` as a number or boolean; quoting is the fix people need.
      const quoteHint = issue.expected === 'string' && (typeof value === 'number' || typeof value === 'boolean') ? ' (put it in quotes to use it as text)' : '';
      return { code: 'invalid-type', message: `"${field}" must be ${expected}, but it is ${describeValue(value)}${quoteHint}` };
    }
    case 'too_small': {
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return {
          code: 'invalid-value',
          message: `"${field}" must be at least ${String(issue.minimum)}, but it is ${String(value)}`,
        };
      }
      return { code: 'invalid-value', message: `"${field}": ${issue.message}` };
    }
    case 'too_big': {
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return {
          code: 'invalid-value',
          message: `"${field}" must be at most ${String(issue.maximum)}, but it is ${String(value)}`,
        };
      }
      return { code: 'invalid-value', message: `"${field}": ${issue.message}` };
    }
    case 'invalid_value':
      return {
        code: 'invalid-value',
        message: `"${field}" must be one of ${issue.values.map((entry) => JSON.stringify(entry)).join(', ')}, but it is ${describeValue(value)}`,
      };
    case 'invalid_format':
      return { code: 'invalid-value', message: `"${field}": ${issue.message} (got ${describeValue(value)})` };
    default:
      return { code: 'invalid-value', message: `"${field}": ${issue.message}` };
  }
}

export function diagnosticsFromIssues(issues: readonly Issue[], context: IssueContext): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const issue of issues) {
    const path = issue.path as PathSegment[];
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeysAt(context.schema, path);
      const where = path.length === 0 ? context.subject : `"${formatPath(path)}"`;
      for (const key of issue.keys) {
        const suggestion = suggestKey(key, known);
        const hint = suggestion ? ` Did you mean "${suggestion}"?` : known.length ? ` Known keys: ${known.join(', ')}.` : '';
        diagnostics.push(
          make(
            { context, range: context.sourceMap.locate([...path, key], 'key'), code: 'unknown-key', message: `Unknown key "${key}" in ${where}.${hint}`, severity: context.unknownKeySeverity, replacement: suggestion },
          ),
        );
      }
      continue;
    }
    const field = formatPath(path) || context.subject;
    const { code, message } = issueMessage(issue, field, context.data);
    // A missing field has no node of its own: point at its parent's key (or the start).
    const range =
      code === 'missing-field'
        ? path.length > 1
          ? context.sourceMap.locate(path.slice(0, -1), 'key')
          : context.sourceMap.start
        : context.sourceMap.locate(path, 'value');
    diagnostics.push(make({ context, range, code, message }));
  }
  return diagnostics;
}
