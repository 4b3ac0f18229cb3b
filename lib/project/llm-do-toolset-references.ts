import type { Diagnostic } from '@/lib/worker/diagnostic';
import type { ParsedWorkerFile } from '@/lib/worker/parse-worker-file';

/**
 * In llm-do's `toolsets` list, a name is either another agent or a Python
 * toolset (TOOLSETS in python_files). Only the project can tell: a name that
 * is no worker here is a Python toolset, so it is removed from the worker's
 * allowed workers with a located warning, and the rest of the worker runs.
 * Mutates the parsed definition, which analysis owns.
 */
export function dropPythonToolsets(path: string, parsed: ParsedWorkerFile, knownNames: ReadonlySet<string>): Diagnostic[] {
  const workers = parsed.definition?.toolsets?.workers;
  if (parsed.agentReferences === undefined || workers === undefined) return [];
  const diagnostics: Diagnostic[] = [];
  for (const reference of parsed.agentReferences) {
    if (knownNames.has(reference.name)) continue;
    workers.allowed_workers = workers.allowed_workers.filter((name) => name !== reference.name);
    const range = parsed.sourceMap?.locate(['toolsets', reference.index]) ?? { line: 1, column: 1, endLine: 1, endColumn: 1 };
    diagnostics.push({
      file: path,
      ...range,
      severity: 'warning',
      code: 'unsupported-in-browser',
      message: `"${reference.name}" is not an agent of this project, so it is taken as a Python toolset: it is not supported in the browser and is ignored; the rest of the worker runs`,
    });
  }
  return diagnostics;
}
