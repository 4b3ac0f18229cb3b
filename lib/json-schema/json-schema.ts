import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createDialectValidator, jsonSchemaProblem, schemaDialect, type SchemaDialect } from '@/lib/json-schema/dialects';

/**
 * Shared Ajv plumbing for typed worker I/O. Permissive like the project
 * diagnostics (unknown keywords and formats are tolerated: model-written
 * schemas carry "examples", "format": "email" …); compiled validators are
 * cached per schema object and per schema text, since the same tool schema is
 * checked on every call.
 */
export type JsonSchema = Record<string, unknown>;

const compiled = new WeakMap<object, ValidateFunction>();

/**
 * Validators by the schema's text as well: each run (and each worker call)
 * builds its tool schemas anew, equal but not the same objects, and an Ajv
 * compile costs far more than the JSON text (a fan-out of 8 children compiled
 * the same worker-tool schema every run). The text names everything the
 * validator depends on, its dialect included. Least recently used go first.
 */
const compiledByText = new Map<string, ValidateFunction>();
const COMPILED_TEXTS_KEPT = 256;

/**
 * An Ajv instance keeps every validator it compiled (and its schema) for its own
 * lifetime, and tool schemas are rebuilt for every worker call: one instance for
 * the page would grow for as long as the page lives. So an instance compiles a
 * bounded number of schemas and is then replaced; its validators stay usable
 * (they close over it) and are released with their schemas.
 */
const COMPILES_PER_INSTANCE = 100;
/**
 * One instance per dialect, of the same classes the editor's diagnostics use
 * (lib/project/schema-references.ts), so a schema declaring 2020-12 is compiled
 * as 2020-12 here too, and one the editor accepted is one a run can compile.
 */
const instances = new Map<SchemaDialect, { ajv: Ajv; compiles: number }>();

function instanceFor(dialect: SchemaDialect): Ajv {
  let instance = instances.get(dialect);
  if (instance === undefined || instance.compiles >= COMPILES_PER_INSTANCE) {
    instance = { ajv: createDialectValidator(dialect), compiles: 0 };
    instances.set(dialect, instance);
  }
  instance.compiles += 1;
  return instance.ajv;
}

/** Throws Ajv's compile error for a schema that is not valid JSON Schema. */
export function compileSchema(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    // $id would be registered globally in the shared instance; two workers may reuse one.
    const { $id: _id, ...withoutId } = schema;
    const text = JSON.stringify(withoutId);
    validate = compiledByText.get(text);
    if (validate === undefined) {
      validate = instanceFor(schemaDialect(schema)).compile(withoutId);
      compiledByText.set(text, validate);
      if (compiledByText.size > COMPILED_TEXTS_KEPT) compiledByText.delete(compiledByText.keys().next().value!);
    } else {
      // Most recently used last: the oldest is the one let go.
      compiledByText.delete(text);
      compiledByText.set(text, validate);
    }
    compiled.set(schema, validate);
  }
  return validate;
}

/** { ok: true } when Ajv compiles the schema; otherwise Ajv's reason (same rule as the project diagnostics). */
const WARM_UP_SCHEMA: JsonSchema = { type: 'object' };

/**
 * Compiles the draft-07 meta-schema ahead of need (the first compile of an
 * instance does it, ~30 ms): called when the page is idle, so a run's first
 * tool call does not pay for it mid-stream.
 */
export function warmSchemaValidation(): void {
  compileSchema(WARM_UP_SCHEMA);
}

export function isValidJsonSchema(schema: unknown): { ok: true } | { ok: false; error: string } {
  const problem = jsonSchemaProblem(schema);
  return problem === null ? { ok: true } : { ok: false, error: problem };
}

/** One problem with a value: the field (dotted path, "" for the value itself), the rule and a sentence. */
export interface SchemaIssue {
  field: string;
  rule: string;
  message: string;
}

/** "/input/questions/0" with root "arguments" → "input.questions[0]". */
export function fieldName(instancePath: string, extra?: string): string {
  const segments = instancePath.split('/').slice(1).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) segments.push(extra);
  let name = '';
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) name += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) name += name === '' ? segment : `.${segment}`;
    else name += `[${JSON.stringify(segment)}]`;
  }
  return name;
}

/** Ajv errors as issues a model can act on, without duplicates. */
export function describeSchemaErrors(errors: readonly ErrorObject[] | null | undefined): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    const issue = describeSchemaError(error);
    const key = `${issue.field}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

function describeSchemaError(error: ErrorObject): SchemaIssue {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return {
        field: fieldName(error.instancePath, String(params.missingProperty)),
        rule: 'required',
        message: 'is required but missing',
      };
    case 'additionalProperties':
      return {
        field: fieldName(error.instancePath, String(params.additionalProperty)),
        rule: 'additionalProperties',
        message: 'is not an allowed property',
      };
    case 'enum':
      return {
        field: fieldName(error.instancePath),
        rule: 'enum',
        message: `must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`,
      };
    case 'const':
      return { field: fieldName(error.instancePath), rule: 'const', message: `must be ${JSON.stringify(params.allowedValue)}` };
    default:
      return { field: fieldName(error.instancePath), rule: error.keyword, message: error.message ?? 'is invalid' };
  }
}

/** "input.company must be string (type)"; the root is called `rootName`. */
export function formatSchemaIssue(issue: SchemaIssue, rootName: string): string {
  return `${issue.field === '' ? rootName : issue.field} ${issue.message} (${issue.rule})`;
}

/** Issues for a value, or [] when it conforms. Throws when the schema does not compile. */
export function schemaIssues(schema: JsonSchema, value: unknown): SchemaIssue[] {
  const validate = compileSchema(schema);
  return validate(value) ? [] : describeSchemaErrors(validate.errors);
}
