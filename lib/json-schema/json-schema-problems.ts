import type Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import type { PathSegment } from '@/lib/worker/yaml-source-map';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * Why a worker's input or output schema is not JSON Schema, each reason with
 * the place inside the schema it concerns, so the editor can point at the
 * offending key (`type: objekt`, `required: a`, `minLength: -1`). The schema is
 * checked against its dialect's meta-schema by the same Ajv class that will
 * compile it at run time; a schema the meta-schema accepts may still fail to
 * compile (an unresolvable $ref), which is reported at the schema's root.
 */
export interface SchemaProblem {
  /** Segments inside the schema ([] is the schema itself); numbers index lists. */
  path: PathSegment[];
  /** What is wrong, without naming the place: 'must be one of "array", …, but it is "objekt"'. */
  rule: string;
  /** The place and the rule: '"type" must be one of …'. */
  message: string;
}

/** Reported per schema at most; the first few say enough to fix the rest. */
const MAX_PROBLEMS = 10;

/** Lower is more telling: "must be one of …" beats "must be array" at the same place. */
const KEYWORD_PRIORITY: ReadonlyMap<string, number> = new Map([
  ['enum', 0],
  ['const', 1],
  ['type', 2],
]);
const COMBINATORS = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if']);

export function findSchemaProblems(validator: Ajv, schema: unknown): SchemaProblem[] {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return [problemAt([], `must be a mapping, but it is ${describe(schema)}`)];
  }
  const valid = validator.validateSchema(schema as Record<string, unknown>);
  if (!valid) {
    const problems = metaSchemaProblems(validator.errors ?? [], schema);
    if (problems.length > 0) return problems;
    // validateSchema failed without usable errors (e.g. an unknown $schema): say what Ajv says.
    return [problemAt([], validator.errorsText(validator.errors))];
  }
  try {
    validator.compile(schema as Record<string, unknown>);
    return [];
  } catch (error) {
    return [problemAt([], errorMessage(error))];
  }
}

function metaSchemaProblems(errors: readonly ErrorObject[], schema: unknown): SchemaProblem[] {
  // Combinator errors only say "must match a schema in anyOf"; the branch errors say why.
  const telling = errors.filter((error) => !COMBINATORS.has(error.keyword));
  const byPath = new Map<string, ErrorObject>();
  for (const error of telling) {
    const chosen = byPath.get(error.instancePath);
    if (chosen === undefined || priority(error) < priority(chosen)) byPath.set(error.instancePath, error);
  }
  const paths = [...byPath.keys()];
  // A deeper error says more than the one about its container ("/type/0" over "/type").
  const deepest = paths.filter((path) => !paths.some((other) => other !== path && other.startsWith(`${path}/`)));
  return deepest.slice(0, MAX_PROBLEMS).map((pointer) => {
    const error = byPath.get(pointer)!;
    const { segments, value } = walk(schema, pointer);
    return problemAt(segments, describeError(error, value));
  });
}

function problemAt(path: PathSegment[], rule: string): SchemaProblem {
  return { path, rule, message: `${schemaFieldLabel(path)} ${rule}` };
}

function priority(error: ErrorObject): number {
  return KEYWORD_PRIORITY.get(error.keyword) ?? 3;
}

/** JSON Pointer → path segments (numbers where the container is a list) and the value found there. */
function walk(schema: unknown, pointer: string): { segments: PathSegment[]; value: unknown } {
  const segments: PathSegment[] = [];
  let value: unknown = schema;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value)) {
      const index = Number(key);
      segments.push(index);
      value = value[index];
    } else {
      segments.push(key);
      value = value !== null && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
    }
  }
  return { segments, value };
}

/** '"properties.a.type"' for a place in a schema; `root` names the schema itself and prefixes the rest. */
export function schemaFieldLabel(segments: readonly PathSegment[], root?: string): string {
  if (segments.length === 0) return root === undefined ? 'The schema' : JSON.stringify(root);
  let text = root ?? '';
  for (const segment of segments) text += typeof segment === 'number' ? `[${segment}]` : text === '' ? segment : `.${segment}`;
  return JSON.stringify(text);
}

function describeError(error: ErrorObject, value: unknown): string {
  const params = error.params as Record<string, unknown>;
  let rule: string;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    rule = `must be one of ${params.allowedValues.map((allowed) => JSON.stringify(allowed)).join(', ')}`;
  } else if (error.keyword === 'type') {
    const types = Array.isArray(params.type) ? params.type : String(params.type).split(',');
    rule = `must be ${types.map((type) => (type === 'object' ? 'a mapping' : type === 'array' ? 'a list' : `a ${String(type)}`)).join(' or ')}`;
  } else {
    rule = error.message ?? `breaks the "${error.keyword}" rule`;
  }
  return value === undefined ? rule : `${rule}, but it is ${describe(value)}`;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'a mapping';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
