import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { assembleToolsets } from '@/lib/runtime/assemble-toolsets';
import type { RunContext } from '@/lib/runtime/run-context';
import { RunError } from '@/lib/runtime/run-error';
import type { Toolset } from '@/lib/runtime/toolsets/toolset';

/**
 * Before a run's first model call: the tools of the entry worker and of every
 * worker it can reach through allowed_workers must assemble — a missing worker
 * or two tools with one name is an error now, not halfway through the run.
 */
export async function checkWorkerTools(context: RunContext, entry: WorkerDefinition): Promise<void> {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const worker = pending.pop()!;
    if (seen.has(worker.name)) continue;
    seen.add(worker.name);
    const toolsets = await assembleToolsets(context, worker);
    assertUniqueToolNames(worker.name, worker.path, toolsets);
    for (const name of worker.toolsets?.workers?.allowed_workers ?? []) {
      const child = context.project.workers.get(name);
      if (child !== undefined) pending.push(child);
    }
  }
}

/** Two tools of one worker with the same name: the model could never tell them apart. */
export function assertUniqueToolNames(workerName: string, location: string, toolsets: readonly Toolset[]): void {
  const owners = new Map<string, string>();
  for (const toolset of toolsets) {
    for (const tool of toolset.tools) {
      const owner = owners.get(tool.name);
      if (owner !== undefined) {
        throw new RunError(
          'tool_name_clash',
          `Worker ${workerName} has two tools named "${tool.name}" (from the ${owner} and ${toolset.name} toolsets); rename the worker or remove one of them.`,
          location,
        );
      }
      owners.set(tool.name, toolset.name);
    }
  }
}
