import type { Diagnostic } from '@/lib/worker/diagnostic';
import type { SourceMap } from '@/lib/worker/yaml-source-map';
import { schemaFieldLabel } from '@/lib/json-schema/json-schema-problems';
import type { ResolvedSchema, SchemaKind } from './schema-references';

export interface SchemaErrorDiagnosticsOptions {
  result: Extract<ResolvedSchema, { status: 'error'; }>;
  kind: SchemaKind;
  file: string;
  sourceMap: SourceMap;
  reportedJsonFiles?: Set<string>;
}

/**
 * The diagnostics of a worker schema that did not resolve, placed where the
 * person has to edit: the offending key inside an inline schema, the offending
 * key inside a referenced JSON file (once per file, however many workers use
 * it) plus the ref in the worker, or the ref itself when the file is missing or
 * outside the project. One function for the project analysis and the editor's
 * tool preview, so the two report the same problems at the same places.
 */
export function schemaErrorDiagnostics({ result, kind, file, sourceMap, reportedJsonFiles }: SchemaErrorDiagnosticsOptions): Diagnostic[] {
  const key = result.source === 'inline' ? `${kind}_schema` : `${kind}_schema_ref`;
  const diagnostics: Diagnostic[] = [];
  const problems = result.problems ?? [];
  if (result.source === 'inline' && problems.length > 0) {
    for (const problem of problems) {
      const range = sourceMap.locate([key, ...problem.path], 'key');
      const message = `"${key}" is not a valid JSON Schema: ${schemaFieldLabel(problem.path, key)} ${problem.rule}`;
      diagnostics.push({ file, ...range, severity: 'error', code: result.code, message });
    }
    return diagnostics;
  }
  diagnostics.push({ file, ...sourceMap.locate([key]), severity: 'error', code: result.code, message: result.message });
  // Also mark the referenced file itself, once, so opening it shows where.
  if (result.path === undefined || reportedJsonFiles?.has(result.path)) return diagnostics;
  if (result.range !== undefined) {
    reportedJsonFiles?.add(result.path);
    diagnostics.push({ file: result.path, ...result.range, severity: 'error', code: 'json-syntax', message: `Invalid JSON, referenced by "${file}" as ${key}` });
  } else if (result.sourceMap !== undefined && problems.length > 0) {
    reportedJsonFiles?.add(result.path);
    for (const problem of problems) {
      diagnostics.push({
        file: result.path,
        ...result.sourceMap.locate(problem.path, 'key'),
        severity: 'error',
        code: result.code,
        message: `Not a valid JSON Schema (referenced by "${file}" as ${key}): ${problem.message}`,
      });
    }
  }
  return diagnostics;
}
