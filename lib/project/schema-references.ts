import type { SchemaProblem } from '@/lib/json-schema/json-schema-problems';
import { jsonSchemaProblems, summarizeProblems } from '@/lib/json-schema/dialects';
import { parseJsonWithPositions } from '@/lib/project/json-positions';
import { resolveRelativeTo } from '@/lib/project/project-paths';
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

/** Where a worker's `*_schema_ref` points, project-relative; null when it leaves the project. */
export function schemaRefPath(workerPath: string, reference: string): string | null {
  return resolveRelativeTo(workerPath, reference);
}

export interface ResolveWorkerSchemaOptions {
  worker: Pick<WorkerFrontmatter, 'input_schema' | 'input_schema_ref' | 'output_schema' | 'output_schema_ref'>;
  workerPath: string;
  kind: SchemaKind;
  readText: (path: string) => string | undefined;
}

/**
 * The schema of `kind` for a worker, given a way to read project files
 * (`readText` returns undefined for missing files).
 */
export function resolveWorkerSchema({ worker, workerPath, kind, readText }: ResolveWorkerSchemaOptions): ResolvedSchema {
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
