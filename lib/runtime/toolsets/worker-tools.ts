import type { FileSystem } from '@/lib/vfs/file-system';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { RunError } from '@/lib/runtime/run-error';
import { workerSchemasOrThrow } from '@/lib/runtime/worker-schemas-or-throw';
import { createFilesystemToolset } from '@/lib/runtime/toolsets/filesystem-toolset';
import type { Toolset } from '@/lib/runtime/toolsets/toolset';
import { createWorkerToolset } from '@/lib/runtime/toolsets/worker-toolset';

/**
 * The toolsets a worker's frontmatter asks for. A worker named in
 * allowed_workers that does not exist (or whose schema reference is broken) is
 * an error here, before the worker's first model step; the project diagnostics
 * report both at load time too. `dynamic_workers` needs the run's session and
 * is added by assemble-toolsets.ts.
 */
export async function toolsetsForWorker(
  worker: WorkerDefinition,
  findWorker: (name: string) => WorkerDefinition | undefined,
  sandbox: FileSystem,
): Promise<Toolset[]> {
  const toolsets: Toolset[] = [];
  const config = worker.toolsets;
  if (config?.filesystem !== undefined) toolsets.push(createFilesystemToolset());
  if (config?.workers !== undefined) {
    const allowed = await Promise.all(
      config.workers.allowed_workers.map(async (name) => {
        const found = findWorker(name);
        if (found === undefined) {
          throw new RunError(
            'unknown_worker',
            `Worker ${worker.name} allows calling worker ${name}, but the project has no worker named ${name}.`,
            worker.path,
          );
        }
        return { worker: found, schemas: await workerSchemasOrThrow(found, sandbox) };
      }),
    );
    toolsets.push(createWorkerToolset(allowed, worker.toolNames));
  }
  return toolsets;
}
