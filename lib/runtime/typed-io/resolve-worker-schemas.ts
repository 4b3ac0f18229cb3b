import { isVfsError, type FileSystem } from '@/lib/vfs/file-system';
import { resolveWorkerSchema, schemaRefPath, type ResolvedSchema, type SchemaKind } from '@/lib/project/schema-references';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import type { JsonSchema } from '../../json-schema/json-schema';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * The runtime's side of `input_schema_ref` / `output_schema_ref`: reads the
 * referenced files through the project sandbox and applies the same rules as
 * the project diagnostics (lib/project/schema-references.ts: refs are relative to
 * the worker's file, "/…" to the project root; missing file, invalid JSON and
 * invalid JSON Schema are located errors), so a run never disagrees with what
 * the editor showed.
 */
export type SchemaWorker = Pick<
  WorkerDefinition,
  'name' | 'path' | 'input_schema' | 'input_schema_ref' | 'output_schema' | 'output_schema_ref'
>;

export interface SchemaResolutionErrorOptions {
  workerName: string;
  kind: SchemaKind;
  code: string;
  message: string;
  /** The worker file and, for refs, the schema file: "schemas/in.json (from pitch.worker)". */
  location: string;
}

export class SchemaResolutionError extends Error {
  readonly workerName: string;
  readonly kind: SchemaKind;
  readonly code: string;
  readonly location: string;

  constructor({ workerName, kind, code, message, location }: SchemaResolutionErrorOptions) {
    super(message);
    this.name = 'SchemaResolutionError';
    this.workerName = workerName;
    this.kind = kind;
    this.code = code;
    this.location = location;
  }
}

export interface ResolvedWorkerSchemas {
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
}

export type SchemaResolution =
  | ({ ok: true } & ResolvedWorkerSchemas)
  | { ok: false; errors: SchemaResolutionError[] };

type TextSource = Pick<FileSystem, 'readText'>;

export async function resolveWorkerSchemas(worker: SchemaWorker, sandbox: TextSource): Promise<SchemaResolution> {
  const resolved: ResolvedWorkerSchemas = {};
  const errors: SchemaResolutionError[] = [];
  for (const kind of ['input', 'output'] as const) {
    const result = await resolveOne(worker, kind, sandbox);
    if (result.status === 'ok') {
      if (kind === 'input') resolved.inputSchema = result.schema;
      else resolved.outputSchema = result.schema;
    } else if (result.status === 'error') {
      const location = result.path === undefined ? worker.path : `${result.path} (from ${worker.path})`;
      errors.push(new SchemaResolutionError({ workerName: worker.name, kind, code: result.code, message: `Worker "${worker.name}": ${result.message.replace(/\.$/, '')}.`, location }));
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, ...resolved };
}

async function resolveOne(worker: SchemaWorker, kind: SchemaKind, sandbox: TextSource): Promise<ResolvedSchema> {
  const reference = worker[`${kind}_schema_ref`];
  let text: string | undefined;
  let readProblem: string | undefined;
  const path = reference === undefined || worker[`${kind}_schema`] !== undefined ? null : schemaRefPath(worker.path, reference);
  if (path !== null && path !== '') {
    try {
      text = await sandbox.readText(path);
    } catch (error) {
      // Missing files are reported by resolveWorkerSchema; anything else (a directory, binary bytes) here.
      if (!isVfsError(error, 'ENOENT')) readProblem = errorMessage(error);
    }
  }
  if (readProblem !== undefined) {
    return { status: 'error', source: 'ref', code: 'schema-ref-missing', path: path ?? undefined, message: `"${kind}_schema_ref": cannot read "${path}": ${readProblem}` };
  }
  return resolveWorkerSchema({ worker, workerPath: worker.path, kind, readText: (requested) => (requested === path ? text : undefined) });
}
