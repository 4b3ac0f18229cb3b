import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import { findSchemaProblems, type SchemaProblem } from '@/lib/json-schema/json-schema-problems';
import { ajvLinearRegExp } from '@/lib/text/linear-regex';

/**
 * JSON Schema dialects and the one way this project makes an Ajv for them: the editor's
 * diagnostics and the runtime's checks both come here, so a schema the editor accepts is one a
 * run can use.
 */

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
 * The runtime compiles with the same classes (lib/json-schema/json-schema.ts),
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

export function summarizeProblems(problems: readonly SchemaProblem[]): string | null {
  const [first] = problems;
  if (first === undefined) return null;
  return problems.length === 1 ? first.message : `${first.message} (and ${problems.length - 1} more)`;
}
