import type { ApprovalPolicy, WorkerDefinition } from '@/lib/worker/worker-schema';
import { createFilesystemToolset, FILESYSTEM_TOOLSET_NAME } from '@/lib/runtime/toolsets/filesystem-toolset';
import { CALL_WORKER_TOOL_NAME, WORKERS_TOOLSET_NAME } from '@/lib/runtime/toolsets/worker-toolset';
import { ownValue } from '@/lib/worker/own-property';

/**
 * What a created worker may do is bounded by the worker that creates it, so
 * `worker_create` can never be used to gain a tool or a pre-approval the
 * creator did not already have:
 *
 * - a toolset only if the creator has that toolset too;
 * - `workers.allowed_workers` only names the creator itself allows;
 * - never `dynamic_workers`: a created worker cannot create workers (this
 *   bounds bootstrapping to one level whatever max_depth says);
 * - an approval override may tighten (`prompt`, `blocked`) but `pre_approved`
 *   only when the creator has the same pre-approval for that tool;
 * - a tool the creator's overrides make stricter than its default (`blocked`,
 *   or `prompt` for a pre-approved read) stays at least that strict: leaving
 *   the override out would otherwise hand the created worker the default.
 *
 * Returns one sentence per violation; empty when the worker is acceptable.
 */
export function createdWorkerToolsetProblems(created: WorkerDefinition, creator: WorkerDefinition): string[] {
  const problems: string[] = [];
  const createdToolsets = (created.toolsets ?? {}) as Record<string, { approvals?: Record<string, string>; allowed_workers?: string[] } | undefined>;
  const creatorToolsets = (creator.toolsets ?? {}) as typeof createdToolsets;
  for (const [toolsetName, config] of Object.entries(createdToolsets)) {
    if (config === undefined) continue;
    if (toolsetName === 'dynamic_workers') {
      problems.push('A created worker may not use the dynamic_workers toolset (created workers cannot create workers).');
      continue;
    }
    const creatorConfig = creatorToolsets[toolsetName];
    if (creatorConfig === undefined) {
      problems.push(`A created worker may only use toolsets its creator has; ${creator.name} has no "${toolsetName}" toolset.`);
      continue;
    }
    if (toolsetName === 'workers') {
      const allowedByCreator = new Set(creatorConfig.allowed_workers ?? []);
      for (const name of config.allowed_workers ?? []) {
        if (!allowedByCreator.has(name)) {
          problems.push(`A created worker may only call workers its creator may call; ${creator.name} does not allow "${name}".`);
        }
      }
    }
    for (const [toolName, creatorPolicy] of Object.entries(creatorConfig.approvals ?? {})) {
      if (!hasTool(toolsetName, toolName, config.allowed_workers)) continue;
      const createdPolicy = (ownValue(config.approvals, toolName) as ApprovalPolicy | undefined) ?? defaultApproval(toolsetName, toolName);
      if (STRICTNESS[createdPolicy] < STRICTNESS[creatorPolicy as ApprovalPolicy]) {
        problems.push(
          `A created worker may not loosen "${toolName}": ${creator.name} has it ${creatorPolicy}, so set "${toolName}: ${creatorPolicy}" (or stricter) under toolsets.${toolsetName}.approvals.`,
        );
      }
    }
    for (const [toolName, policy] of Object.entries(config.approvals ?? {})) {
      if (policy === 'pre_approved' && ownValue(creatorConfig.approvals, toolName) !== 'pre_approved') {
        problems.push(
          `A created worker may not pre-approve "${toolName}" unless its creator pre-approves it too; use "prompt" or leave it out.`,
        );
      }
    }
  }
  return problems;
}

const STRICTNESS: Readonly<Record<ApprovalPolicy, number>> = { pre_approved: 0, prompt: 1, blocked: 2 };

/** A tool's policy without an override; an unknown tool is assumed pre-approved, so only an explicit override satisfies the bound. */
function defaultApproval(toolsetName: string, toolName: string): ApprovalPolicy {
  if (toolsetName === FILESYSTEM_TOOLSET_NAME) {
    return createFilesystemToolset().tools.find((tool) => tool.name === toolName)?.defaultApproval ?? 'pre_approved';
  }
  // Worker tools (and call_worker) default to pre_approved, as does anything else.
  return 'pre_approved';
}

/** Whether the created worker gets this tool at all: in `workers`, only the workers it allows (and call_worker with any). */
function hasTool(toolsetName: string, toolName: string, allowedWorkers: readonly string[] | undefined): boolean {
  if (toolsetName !== WORKERS_TOOLSET_NAME) return true;
  const allowed = allowedWorkers ?? [];
  return toolName === CALL_WORKER_TOOL_NAME ? allowed.length > 0 : allowed.includes(toolName);
}
