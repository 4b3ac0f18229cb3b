import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import { findSchemaProblems, type SchemaProblem } from '@/lib/project/json-schema-problems';
import { parseJsonWithPositions } from '@/lib/project/json-positions';
import { resolveRelativeTo } from '@/lib/project/project-paths';
import { ajvLinearRegExp } from '@/lib/text/linear-regex';
import type { WorkerFrontmatter } from '@/lib/worker/worker-schema';
import type { SourceMap, SourceRange } from '@/lib/worker/yaml-source-map';

/**
 * The input and output JSON Schemas of a worker, inline or referenced by
 * path. Shared by the project diagnostics and the runtime, so both agree on
 * what a worker's schema is and where a ref points.
 */

export type SchemaKind = 'input' | 'output';

export type ResolvedSchema =
  | { status: 'none' }
  | { status: 'ok'; schema: Record<string, unknown>; source: 'inline' | 'ref'; path?: string }
  | {
      status: 'error';
      source: 'inline' | 'ref';
      code: 'schema-ref-outside' | 'schema-ref-missing' | 'schema-ref-invalid-json' | 'invalid-json-schema';
      message: string;
      path?: string;
      /** For invalid JSON: where in the referenced file the syntax error is. */
      range?: SourceRange;
      /** For an invalid JSON Schema: each reason, located inside the schema (inline or in the file). */
      problems?: SchemaProblem[];
      /** For a referenced file that is not a valid JSON Schema: where its keys are. */
      sourceMap?: SourceMap;
    };

/**
 * `pattern` and `patternProperties` compile on a linear-time engine
 * (lib/text/linear-regex.ts), not with `new RegExp`: a model-written schema
 * with `"pattern": "(a+)+$"` must not freeze the page when the model's own
 * arguments are checked against it. A pattern that engine cannot run
 * (lookaround, backreferences) makes the schema fail to compile.
 */
const AJV_OPTIONS = { strict: false, allErrors: true, validateFormats: false, logger: false, code: { regExp: ajvLinearRegExp } } as const;

export type SchemaDialect = 'draft-07' | '2019-09' | '2020-12';

/** The dialect a schema declares in `$schema`; draft-07 when it declares none. */
export function schemaDialect(schema: unknown): SchemaDialect {
  const declared = schema && typeof schema === 'object' ? (schema as { $schema?: unknown }).$schema : undefined;
  if (typeof declared === 'string' && declared.includes('2020-12')) return '2020-12';
  if (typeof declared === 'string' && declared.includes('2019-09')) return '2019-09';
  return 'draft-07';
}

/**
 * An Ajv for a dialect (2019-09 and 2020-12 have their own classes in Ajv 8).
 * The runtime compiles with the same classes (lib/runtime/typed-io/json-schema.ts),
 * so a schema the editor accepts is one a run can use. Ajv is permissive about
 * unknown keywords and formats (strict: false, formats not validated) because
 * hand-written and model-written schemas often carry extras such as "examples"
 * or "format": "email"; what is rejected is a schema its dialect's meta-schema
 * refuses (`type: objekt`) or that cannot compile (a broken $ref).
 */
export function createDialectValidator(dialect: SchemaDialect): Ajv {
  if (dialect === '2020-12') return new Ajv2020(AJV_OPTIONS);
  if (dialect === '2019-09') return new Ajv2019(AJV_OPTIONS);
  return new Ajv(AJV_OPTIONS);
}

/** An Ajv for the dialect a schema declares. */
export function createSchemaValidator(schema?: unknown): Ajv {
  return createDialectValidator(schemaDialect(schema));
}

/** Every reason the schema is not valid JSON Schema, located inside it; [] when it is valid. */
export function jsonSchemaProblems(schema: unknown): SchemaProblem[] {
  // A fresh instance per schema: two workers' schemas with the same $id must not clash.
  return findSchemaProblems(createSchemaValidator(schema), schema);
}

/** Null when the schema is valid JSON Schema, otherwise the reasons as one sentence. */
export function jsonSchemaProblem(schema: unknown): string | null {
  return summarizeProblems(jsonSchemaProblems(schema));
}

/**
 * Stricter than jsonSchemaProblem: a keyword JSON Schema does not define is a
 * problem too. Permissive Ajv takes any JSON object for a schema (unknown
 * keywords are ignored), so a file of other data, `{"api_key": "…"}`, would
 * pass; a schema file a model points a new worker at must be a schema.
 */
export function strictJsonSchemaProblem(schema: unknown): string | null {
  const dialect = schemaDialect(schema);
  const options = { ...AJV_OPTIONS, strictSchema: true };
  const validator = dialect === '2020-12' ? new Ajv2020(options) : dialect === '2019-09' ? new Ajv2019(options) : new Ajv(options);
  return summarizeProblems(findSchemaProblems(validator, schema));
}

function summarizeProblems(problems: readonly SchemaProblem[]): string | null {
  const [first] = problems;
  if (first === undefined) return null;
  return problems.length === 1 ? first.message : `${first.message} (and ${problems.length - 1} more)`;
}

/** Where a worker's `*_schema_ref` points, project-relative; null when it leaves the project. */
export function schemaRefPath(workerPath: string, reference: string): string | null {
  return resolveRelativeTo(workerPath, reference);
}

/**
 * The schema of `kind` for a worker, given a way to read project files
 * (`readText` returns undefined for missing files).
 */
export function resolveWorkerSchema(
  worker: Pick<WorkerFrontmatter, 'input_schema' | 'input_schema_ref' | 'output_schema' | 'output_schema_ref'>,
  workerPath: string,
  kind: SchemaKind,
  readText: (path: string) => string | undefined,
): ResolvedSchema {
  const inline = worker[`${kind}_schema`];
  if (inline !== undefined) {
    const problems = jsonSchemaProblems(inline);
    const problem = summarizeProblems(problems);
    if (problem) return { status: 'error', source: 'inline', code: 'invalid-json-schema', problems, message: `"${kind}_schema" is not a valid JSON Schema: ${problem}` };
    return { status: 'ok', schema: inline, source: 'inline' };
  }
  const reference = worker[`${kind}_schema_ref`];
  if (reference === undefined) return { status: 'none' };
  const path = schemaRefPath(workerPath, reference);
  if (path === null || path === '') {
    return { status: 'error', source: 'ref', code: 'schema-ref-outside', message: `"${kind}_schema_ref" ${JSON.stringify(reference)} points outside the project` };
  }
  const text = readText(path);
  if (text === undefined) {
    return { status: 'error', source: 'ref', code: 'schema-ref-missing', path, message: `"${kind}_schema_ref": the file "${path}" does not exist` };
  }
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) {
    return {
      status: 'error',
      source: 'ref',
      code: 'schema-ref-invalid-json',
      path,
      range: parsed.range,
      message: `"${kind}_schema_ref": "${path}" is not valid JSON (${parsed.message.replace(/^JSON: /, '')} at line ${parsed.range.line}, column ${parsed.range.column})`,
    };
  }
  const problems = jsonSchemaProblems(parsed.value);
  const problem = summarizeProblems(problems);
  if (problem) {
    return {
      status: 'error',
      source: 'ref',
      code: 'invalid-json-schema',
      path,
      problems,
      sourceMap: parsed.sourceMap,
      message: `"${kind}_schema_ref": "${path}" is not a valid JSON Schema: ${problem}`,
    };
  }
  return { status: 'ok', schema: parsed.value as Record<string, unknown>, source: 'ref', path };
}
