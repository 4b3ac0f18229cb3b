import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { RunError } from '@/lib/runtime/run-error';
import { createdWorkerToolsetProblems } from '@/lib/runtime/dynamic-workers/created-worker-toolsets';

/**
 * Who may call a created worker: only the worker that created it. A created
 * worker's tools and pre-approvals are bounded by its creator's
 * (created-worker-toolsets.ts); if any other worker could call it, a worker
 * with no filesystem at all could write through one created by a worker that
 * pre-approves write_file. So a created worker is offered (as a named tool)
 * and accepted (by worker_call) only in its creator's calls, it is never
 * reachable through `workers.allowed_workers` (those name project workers
 * only), and at each call it is checked again against its creator as the
 * creator is now (a frontmatter edit between runs of one session may have
 * taken a pre-approval away).
 */
const creators = new WeakMap<WorkerDefinition, string>();

export function recordCreator(created: WorkerDefinition, creator: WorkerDefinition): void {
  creators.set(created, creator.name);
}

/** The name of the worker that created this one; undefined for a worker this session did not create. */
export function creatorOf(created: WorkerDefinition): string | undefined {
  return creators.get(created);
}

export function isCallableBy(created: WorkerDefinition, caller: WorkerDefinition): boolean {
  return creatorOf(created) === caller.name;
}

/** Throws a RunError the calling model can read when `caller` may not run `created`. */
export function assertCallableBy(created: WorkerDefinition, caller: WorkerDefinition): void {
  const creator = creatorOf(created);
  if (creator !== caller.name) {
    throw new RunError(
      'worker_not_allowed',
      `Worker ${created.name} was created by ${creator ?? 'another worker'}; a created worker can be called only by the worker that created it.`,
    );
  }
  const problems = createdWorkerToolsetProblems(created, caller);
  if (problems.length > 0) {
    throw new RunError(
      'worker_not_allowed',
      `Worker ${created.name} now asks for more than ${caller.name} has, so it cannot run: ${problems.join(' ')}`,
    );
  }
}
