import { diagnosticAt, type Diagnostic } from '@/lib/worker/diagnostic';
import { BUILTIN_TOOL_NAMES } from '@/lib/worker/builtin-tool-names';
import { ownValue } from '@/lib/worker/own-property';
import { compareDiagnostics, parseWorkerFile } from '@/lib/worker/parse-worker-file';
import { suggestKey } from '@/lib/worker/schema-issue-diagnostics';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import type { PathSegment, SourceMap } from '@/lib/worker/yaml-source-map';
import { schemaErrorDiagnostics } from '@/lib/project/schema-diagnostics';
import { resolveWorkerSchema, type SchemaKind } from '@/lib/project/schema-references';

/**
 * The checks one worker needs from its project: its name against built-in
 * tools, its allowed_workers against the workers that exist and against its
 * own tools, and its schemas. Shared by the project analysis and by
 * `worker_create`, so a generated worker passes exactly the same checks.
 */

export interface WorkerSchemas {
  input?: Record<string, unknown>;
  output?: Record<string, unknown>;
}

export interface WorkerCheckContext {
  /** Names of every worker that exists in the project (including this one). */
  knownNames: ReadonlySet<string>;
  /** Text of a project file, undefined when missing. */
  readText: (path: string) => string | undefined;
  /** JSON files already reported as broken, so each is reported once. */
  reportedJsonFiles?: Set<string>;
}

export interface WorkerCheckResult {
  diagnostics: Diagnostic[];
  schemas: WorkerSchemas;
}

/** Tools each built-in toolset gives a worker, from BUILTIN_TOOL_NAMES. */
export function toolsOfToolset(toolset: string): string[] {
  return Object.entries(BUILTIN_TOOL_NAMES)
    .filter(([, owner]) => owner === toolset)
    .map(([tool]) => tool);
}


export function checkWorkerAgainstProject(definition: WorkerDefinition, sourceMap: SourceMap, context: WorkerCheckContext): WorkerCheckResult {
  const diagnostics: Diagnostic[] = [];
  const file = definition.path;
  const at = (path: PathSegment[]) => sourceMap.locate(path);

  const toolset = ownValue(BUILTIN_TOOL_NAMES, definition.name);
  if (toolset) {
    diagnostics.push(diagnosticAt({ file, range: at(['name']), severity: 'error', code: 'name-collision', message: `Worker name "${definition.name}" is the name of a built-in tool of the "${toolset}" toolset; choose another name` }));
  }

  // Tools this worker would see, to catch an allowed worker shadowing one of them.
  const ownTools = new Map<string, string>();
  for (const enabled of Object.keys(definition.toolsets ?? {})) {
    for (const tool of toolsOfToolset(enabled)) ownTools.set(tool, `the "${enabled}" toolset`);
  }
  const seen = new Set<string>();
  (definition.toolsets?.workers?.allowed_workers ?? []).forEach((allowedName, index) => {
    const range = at(['toolsets', 'workers', 'allowed_workers', index]);
    if (seen.has(allowedName)) {
      diagnostics.push(diagnosticAt({ file, range, severity: 'warning', code: 'duplicate-allowed-worker', message: `"${allowedName}" is listed twice in allowed_workers` }));
      return;
    }
    seen.add(allowedName);
    if (allowedName === definition.name) {
      diagnostics.push(diagnosticAt({ file, range, severity: 'warning', code: 'self-reference', message: `Worker "${allowedName}" allows itself; it can call itself recursively until the depth limit` }));
    } else if (!context.knownNames.has(allowedName)) {
      const hint = suggestKey(allowedName, [...context.knownNames]);
      const problem = diagnosticAt({ file, range, severity: 'error', code: 'unknown-worker', message: `allowed_workers names "${allowedName}", but no worker in the project has that name${hint ? ` (did you mean "${hint}"?)` : ''}` });
      diagnostics.push(hint === undefined ? problem : { ...problem, replacement: hint });
    }
    const builtinOwner = ownValue(BUILTIN_TOOL_NAMES, allowedName);
    const clash = ownTools.get(allowedName) ?? (builtinOwner ? `the "${builtinOwner}" toolset` : undefined);
    if (clash) {
      diagnostics.push(diagnosticAt({ file, range, severity: 'error', code: 'tool-name-clash', message: `The worker tool "${allowedName}" has the same name as a tool of ${clash}; the model could not tell them apart` }));
    }
  });

  const schemas: WorkerSchemas = {};
  for (const kind of ['input', 'output'] as SchemaKind[]) {
    const result = resolveWorkerSchema({ worker: definition, workerPath: file, kind, readText: context.readText });
    if (result.status === 'ok') schemas[kind] = result.schema;
    else if (result.status === 'error') diagnostics.push(...schemaErrorDiagnostics({ result, kind, file, sourceMap, reportedJsonFiles: context.reportedJsonFiles }));
  }
  return { diagnostics, schemas };
}

export interface NewWorkerCheck {
  /** Present when the worker can be written and called. */
  definition?: WorkerDefinition;
  schemas: WorkerSchemas;
  /** Sorted; any error means the worker must not be created. */
  diagnostics: Diagnostic[];
}

export interface CheckNewWorkerOptions {
  text: string;
  path: string;
  existingWorkers: ReadonlyMap<string, { path: string; }>;
  readText: (path: string) => string | undefined;
}

/**
 * Validates the text of a worker about to be added to a project (e.g. by
 * `worker_create`): the file must parse, its name must be free (no other
 * worker and no built-in tool has it) and its references must resolve.
 * `existingWorkers` maps names to the paths of the workers already callable.
 */
export function checkNewWorker({ text, path, existingWorkers, readText }: CheckNewWorkerOptions): NewWorkerCheck {
  const parsed = parseWorkerFile(text, path);
  const diagnostics = [...parsed.diagnostics];
  if (!parsed.definition || !parsed.sourceMap) return { diagnostics, schemas: {} };
  const definition = parsed.definition;
  const existing = existingWorkers.get(definition.name);
  if (existing && existing.path !== path) {
    diagnostics.push(diagnosticAt({ file: path, range: parsed.sourceMap.locate(['name']), severity: 'error', code: 'duplicate-name', message: `Worker name "${definition.name}" is already used by "${existing.path}"; choose another name` }));
  }
  const knownNames = new Set([...existingWorkers.keys(), definition.name]);
  const checked = checkWorkerAgainstProject(definition, parsed.sourceMap, { knownNames, readText });
  diagnostics.push(...checked.diagnostics);
  diagnostics.sort(compareDiagnostics);
  const failed = diagnostics.some((entry) => entry.severity === 'error');
  return { definition: failed ? undefined : definition, schemas: checked.schemas, diagnostics };
}
