import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { RunError } from '@/lib/runtime/run-error';
import { createFilesystemToolset } from '@/lib/runtime/toolsets/filesystem-toolset';
import type { Toolset } from '@/lib/runtime/toolsets/toolset';
import { createWorkerToolset } from '@/lib/runtime/toolsets/worker-toolset';

/**
 * The toolsets a worker's frontmatter asks for. A worker named in
 * allowed_workers that does not exist is an error here, before the worker's
 * first model step (the project diagnostics report it at load time too).
 * `dynamic_workers` is provided by its own issue; until then it adds no tools.
 */
export function toolsetsForWorker(
  worker: WorkerDefinition,
  findWorker: (name: string) => WorkerDefinition | undefined,
): Toolset[] {
  const toolsets: Toolset[] = [];
  const config = worker.toolsets;
  if (config?.filesystem !== undefined) toolsets.push(createFilesystemToolset());
  if (config?.workers !== undefined) {
    const allowed = config.workers.allowed_workers.map((name) => {
      const found = findWorker(name);
      if (found === undefined) {
        throw new RunError(
          'unknown_worker',
          `Worker ${worker.name} allows calling worker ${name}, but the project has no worker named ${name}.`,
          worker.path,
        );
      }
      return found;
    });
    toolsets.push(createWorkerToolset(allowed));
  }
  return toolsets;
}
