import type { FileSystem } from '@/lib/vfs/file-system';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { RunError } from '@/lib/runtime/run-error';
import { resolveWorkerSchemas, type ResolvedWorkerSchemas } from '@/lib/runtime/typed-io/resolve-worker-schemas';

/**
 * A worker's input and output schemas with `*_schema_ref` read through the
 * sandbox, as a located RunError when a reference is broken. Used for the
 * worker's own run and for the tool schemas its callers see, so both agree.
 */
export async function workerSchemasOrThrow(worker: WorkerDefinition, sandbox: FileSystem): Promise<ResolvedWorkerSchemas> {
  const resolution = await resolveWorkerSchemas(worker, sandbox);
  if (!resolution.ok) {
    const [first] = resolution.errors;
    throw new RunError('invalid_schema', resolution.errors.map((error) => error.message).join(' '), first?.location ?? worker.path);
  }
  return { inputSchema: resolution.inputSchema, outputSchema: resolution.outputSchema };
}
