import { checkNewWorker, type WorkerSchemas } from '@/lib/project/check-worker';
import type { ProjectManifest } from '@/lib/project/manifest-schema';
import { normalizeProjectPath } from '@/lib/project/project-paths';
import type { Diagnostic } from '@/lib/worker/diagnostic';
import { parseWorkerFile } from '@/lib/worker/parse-worker-file';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { isRunError, RunError } from '@/lib/runtime/run-error';
import { strictJsonSchemaProblem } from '@/lib/json-schema/dialects';
import { schemaRefPath, type SchemaKind } from '@/lib/project/schema-references';
import type { SchemaFileReader } from '@/lib/runtime/dynamic-workers/schema-file-reader';
import { createdWorkerToolsetProblems } from '@/lib/runtime/dynamic-workers/created-worker-toolsets';
import { workerFileText, type WorkerCreateArgs, type WorkerFileExtension } from '@/lib/runtime/dynamic-workers/worker-create-args';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * Everything `worker_create` checks before it writes a byte: the project has a
 * generated_workers_dir, the file parses and validates (parseWorkerFile plus
 * the same per-worker project checks as hand-written workers, checkNewWorker),
 * the name is free, the toolsets stay within the creator's, and every schema
 * file it refers to is one its creator may read (schema-file-reader.ts) and
 * a JSON Schema indeed (strictJsonSchemaProblem). Any refusal is
 * a RunError whose message the model reads (with the diagnostics, located in
 * the file it asked for), so it can fix its call.
 */
export interface WorkerCreatePlan {
  definition: WorkerDefinition;
  /** Project-relative path of the file to write. */
  path: string;
  text: string;
  /** A worker this session created earlier under the same name is being replaced. */
  replacing: boolean;
  /** Its input/output schemas, refs resolved, for its named tool. */
  schemas: WorkerSchemas;
  /** Where each schema read from a file came from (project-relative). */
  schemaFiles: Partial<Record<SchemaKind, string>>;
}

export interface WorkerCreateScope {
  manifest: ProjectManifest;
  projectWorkers: ReadonlyMap<string, WorkerDefinition>;
  sessionWorkers: ReadonlyMap<string, WorkerDefinition>;
  /** The worker whose model called worker_create: its toolsets bound the new one's. */
  creator: WorkerDefinition;
  /** Reads a schema file as the creator may; a RunError refuses the whole creation. */
  readSchemaFile: SchemaFileReader;
}

/** The folder created workers go to, or a RunError telling the user what to set. */
export function generatedWorkersFolder(manifest: ProjectManifest): string {
  const configured = manifest.generated_workers_dir;
  if (configured === undefined || configured.trim() === '') {
    throw new RunError(
      'no_generated_workers_dir',
      'This project cannot create workers: project.json has no "generated_workers_dir". Add e.g. "generated_workers_dir": "generated" to project.json.',
      'project.json',
    );
  }
  const folder = normalizeProjectPath(configured);
  if (folder === null || folder === '') {
    throw new RunError(
      'no_generated_workers_dir',
      `"generated_workers_dir" in project.json must be a folder inside the project (not the root), got ${JSON.stringify(configured)}.`,
      'project.json',
    );
  }
  return folder;
}

export function generatedWorkerPath(manifest: ProjectManifest, name: string, extension: WorkerFileExtension = '.worker'): string {
  return `${generatedWorkersFolder(manifest)}/${name}${extension}`;
}

/**
 * Errors, and what the browser would silently skip (an llm-do shell or Python
 * toolset): a worker the model creates must do what it asked for, so both refuse it.
 */
function isRefusal(diagnostic: Diagnostic): boolean {
  return diagnostic.severity === 'error' || diagnostic.code === 'unsupported-in-browser';
}

function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .filter(isRefusal)
    .map((diagnostic) => `- ${diagnostic.file}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.message}`)
    .join('\n');
}

function invalid(path: string, details: string): RunError {
  return new RunError('invalid_worker', `The worker file was not created because it is invalid:\n${details}`, path);
}

export async function planWorkerCreate(args: WorkerCreateArgs, scope: WorkerCreateScope): Promise<WorkerCreatePlan> {
  const folder = generatedWorkersFolder(scope.manifest);
  const text = workerFileText(args);
  const extension = args.file_extension ?? '.worker';
  const requestedPath = `${folder}/${args.name}${extension}`;
  const parsed = parseWorkerFile(text, requestedPath);
  if (parsed.definition === undefined || parsed.diagnostics.some(isRefusal)) throw invalid(requestedPath, formatDiagnostics(parsed.diagnostics));

  // An edited file may rename the worker: the file's name is the one that counts.
  const name = parsed.definition.name;
  const path = `${folder}/${name}${extension}`;
  const projectWorker = scope.projectWorkers.get(name);
  if (projectWorker !== undefined) {
    throw new RunError(
      'name_taken',
      `The project already has a worker named "${name}" (${projectWorker.path}); choose another name.`,
      path,
    );
  }
  const earlier = scope.sessionWorkers.get(name);
  if (earlier !== undefined && args.replace !== true) {
    throw new RunError(
      'name_taken',
      `You already created a worker named "${name}" in this session (${earlier.path}). Pass "replace": true to replace it, or choose another name.`,
      path,
    );
  }

  // Schema references are read now, so the synchronous project checks can see them.
  // Only refs in use (no inline schema of the same kind), each read as the creator may read it.
  const schemaFiles: Partial<Record<SchemaKind, string>> = {};
  const referenced = new Map<string, string>();
  for (const kind of ['input', 'output'] as const) {
    const reference = parsed.definition[`${kind}_schema_ref`];
    if (reference === undefined || parsed.definition[`${kind}_schema`] !== undefined) continue;
    const resolved = schemaRefPath(path, reference);
    // Outside the project: checkNewWorker refuses the ref as such, and nothing is read.
    if (resolved === null || resolved === '') continue;
    schemaFiles[kind] = resolved;
    if (referenced.has(resolved)) continue;
    try {
      referenced.set(resolved, await scope.readSchemaFile(resolved));
    } catch (error) {
      if (isRunError(error)) throw error;
      // Missing or unreadable: checkNewWorker reports it at the reference.
    }
  }
  const existing = new Map<string, { path: string }>();
  for (const [workerName, worker] of scope.projectWorkers) existing.set(workerName, worker);
  for (const [workerName, worker] of scope.sessionWorkers) if (workerName !== name) existing.set(workerName, worker);
  const checked = checkNewWorker({ text, path, existingWorkers: existing, readText: (file) => referenced.get(file) });
  if (checked.definition === undefined) throw invalid(path, formatDiagnostics(checked.diagnostics));

  // Permissive Ajv takes any object for a schema: a file read as one must be one.
  for (const kind of ['input', 'output'] as const) {
    const file = schemaFiles[kind];
    const schema = checked.schemas[kind];
    if (file === undefined || schema === undefined) continue;
    const problem = strictJsonSchemaProblem(schema);
    if (problem !== null) throw invalid(path, `- "${kind}_schema_ref": "${file}" is not a JSON Schema: ${problem}`);
  }

  const problems = createdWorkerToolsetProblems(checked.definition, scope.creator);
  if (problems.length > 0) throw invalid(path, problems.map((problem) => `- ${problem}`).join('\n'));

  return { definition: checked.definition, path, text, replacing: earlier !== undefined, schemas: checked.schemas, schemaFiles };
}

export type WorkerCreatePreview =
  | { ok: true; path: string; text: string; replacing: boolean; schemas: WorkerSchemas; schemaFiles: Partial<Record<SchemaKind, string>> }
  | { ok: false; path?: string; text: string; error: string };

/**
 * For the approval prompt: the file exactly as worker_create would write it,
 * and whether it would be accepted, so the person sees problems before
 * approving and can fix them in the editor (the edit comes back as
 * ApprovalResponse.editedArgs = withEditedFileText(args, text)).
 */
export async function previewWorkerCreate(args: WorkerCreateArgs, scope: WorkerCreateScope): Promise<WorkerCreatePreview> {
  const text = workerFileText(args);
  try {
    const plan = await planWorkerCreate(args, scope);
    return { ok: true, path: plan.path, text: plan.text, replacing: plan.replacing, schemas: plan.schemas, schemaFiles: plan.schemaFiles };
  } catch (error) {
    const message = errorMessage(error);
    let path: string | undefined;
    try {
      path = generatedWorkerPath(scope.manifest, args.name, args.file_extension);
    } catch {
      path = undefined;
    }
    return { ok: false, ...(path === undefined ? {} : { path }), text, error: message };
  }
}
