import type { Diagnostic } from '@/lib/worker/diagnostic';
import { compareDiagnostics, parseWorkerFile } from '@/lib/worker/parse-worker-file';
import { schemaErrorDiagnostics } from '@/lib/project/schema-diagnostics';
import { resolveWorkerSchema, type SchemaKind } from '@/lib/project/schema-references';
import { createWorkerToolset } from '@/lib/runtime/toolsets/worker-toolset';
import type { ResolvedWorkerSchemas } from '@/lib/runtime/typed-io/resolve-worker-schemas';
import { workerInstructions } from '@/lib/project/worker-instructions';
import { isWorkerFilePath } from '@/lib/worker/worker-file-path';

/**
 * The tool a calling (parent) model gets for the worker in an open `.worker`
 * file, from the in-memory texts (unsaved edits included). It goes through the
 * runtime's own code — parseWorkerFile, resolveWorkerSchema (what
 * resolveWorkerSchemas applies through the sandbox) and createWorkerToolset —
 * so the preview is exactly what a run sends, never a re-implementation.
 */

export interface PreviewedTool {
  name: string;
  /** Includes the "Returns JSON: …" line when the worker has an output schema. */
  description: string;
  /** JSON Schema of the tool's arguments. */
  parameters: Record<string, unknown>;
  /** The instructions with legacy llm-do templates expanded; only when the file uses them. */
  expandedInstructions?: string;
}

export type WorkerToolPreview =
  | { status: 'ready'; tool: PreviewedTool }
  /** The file has errors: no tool is shown rather than a stale or guessed one. Sorted, no duplicates. */
  | { status: 'problems'; problems: Diagnostic[] };

/** A text file held in memory; structurally the workspace store's buffers. */
export interface PreviewText {
  text: string;
}

/**
 * Null when `path` is not an open `.worker` / `.agent` text. `projectDiagnostics` are the
 * project analysis' diagnostics (any file): errors it found in this file
 * (a duplicate name, an unknown allowed worker …) also hide the tool, so the
 * view never disagrees with the Problems panel.
 */
export function workerToolPreview(
  path: string,
  texts: ReadonlyMap<string, PreviewText>,
  projectDiagnostics: readonly Diagnostic[] = [],
): WorkerToolPreview | null {
  const text = texts.get(path)?.text;
  if (!isWorkerFilePath(path) || text === undefined) return null;

  const parsed = parseWorkerFile(text, path);
  const problems = parsed.diagnostics.filter(isError);
  const schemas: ResolvedWorkerSchemas = {};
  // What the model gets: legacy templates expanded from the open texts, as the project analysis does.
  const instructions = workerInstructions({ parsed, fileText: text, path, readText: (requested) => texts.get(requested)?.text });
  problems.push(...instructions.diagnostics.filter(isError));
  const definition = instructions.definition;
  if (definition !== undefined && parsed.sourceMap !== undefined) {
    // Files under generated_workers_dir are not analysed with the project, so schema refs are checked here too.
    for (const kind of ['input', 'output'] as SchemaKind[]) {
      const result = resolveWorkerSchema({ worker: definition, workerPath: path, kind, readText: (requested) => texts.get(requested)?.text });
      if (result.status === 'ok') {
        if (kind === 'input') schemas.inputSchema = result.schema;
        else schemas.outputSchema = result.schema;
      } else if (result.status === 'error') {
        // Same codes, places and messages as the project analysis (check-worker.ts), so the two deduplicate.
        problems.push(...schemaErrorDiagnostics({ result, kind, file: path, sourceMap: parsed.sourceMap }).filter((problem) => problem.file === path));
      }
    }
  }
  problems.push(...projectDiagnostics.filter((diagnostic) => diagnostic.file === path && isError(diagnostic)));

  if (definition === undefined || problems.length > 0) {
    return { status: 'problems', problems: deduplicate(problems).sort(compareDiagnostics) };
  }
  // An llm-do worker is previewed as llm-do callers see it ({input, attachments}).
  const toolset = createWorkerToolset([{ worker: definition, schemas }], definition.toolNames);
  const tool = toolset.tools.find((candidate) => candidate.name === definition.name);
  if (tool === undefined) throw new Error(`The workers toolset has no tool named "${definition.name}"`);
  const previewed: PreviewedTool = { name: tool.name, description: tool.description, parameters: tool.inputSchema };
  if (instructions.expanded) previewed.expandedInstructions = definition.instructions;
  return { status: 'ready', tool: previewed };
}

function isError(diagnostic: Diagnostic): boolean {
  return diagnostic.severity === 'error';
}

function deduplicate(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((diagnostic) => {
    const key = `${diagnostic.line}:${diagnostic.column}:${diagnostic.code}:${diagnostic.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
