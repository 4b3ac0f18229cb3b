import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { extraToolsetsFor, type RunContext } from '@/lib/runtime/run-context';
import { createDynamicWorkersToolset } from '@/lib/runtime/dynamic-workers/dynamic-workers-toolset';
import type { Toolset } from '@/lib/runtime/toolsets/toolset';
import { toolsetsForWorker } from '@/lib/runtime/toolsets/worker-tools';

/**
 * Every toolset one worker call gets: those its frontmatter asks for
 * (filesystem, workers, dynamic_workers) plus what the platform adds. The one
 * place this list is built, so the pre-run check, the loop and its per-step
 * refresh always agree — and no caller can forget `dynamic_workers`.
 */
export async function assembleToolsets(context: RunContext, worker: WorkerDefinition): Promise<Toolset[]> {
  // allowed_workers name project workers only: a created worker is reached through its creator's dynamic_workers tools.
  const fromFrontmatter = await toolsetsForWorker(worker, (name) => context.project.workers.get(name), context.sandbox);
  const dynamic =
    worker.toolsets?.dynamic_workers === undefined
      ? []
      : [createDynamicWorkersToolset(worker, { project: context.project, session: context.session })];
  return [...fromFrontmatter, ...dynamic, ...extraToolsetsFor(context, worker)];
}

/**
 * Identity of the session's created workers at a point in time. The loop
 * rebuilds a worker's tools when it changes, so a worker created in one step is
 * offered as a named tool in the creator's next step.
 */
export function dynamicWorkersSnapshot(context: RunContext): readonly WorkerDefinition[] {
  return [...context.session.dynamicWorkers.values()];
}

export function sameSnapshot(left: readonly WorkerDefinition[], right: readonly WorkerDefinition[]): boolean {
  return left.length === right.length && left.every((worker, index) => worker === right[index]);
}
