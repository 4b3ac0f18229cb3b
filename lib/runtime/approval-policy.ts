import type { ApprovalMode } from '@/lib/project/manifest-schema';
import type { ApprovalPolicy } from '@/lib/worker/worker-schema';

/**
 * How a tool call is decided before anyone is asked. Resolution order: the
 * tool's default, then the worker's frontmatter override
 * (`toolsets.<toolset>.approvals.<tool>`), then the project's `approval_mode`,
 * which only ever turns `prompt` into an automatic answer: `blocked` stays
 * blocked and `pre_approved` stays approved whatever the mode.
 */
export type GateVerdict =
  | { kind: 'approve'; reason: string }
  | { kind: 'prompt' }
  | { kind: 'deny'; reason: string }
  | { kind: 'block'; reason: string };

export interface PolicyInput {
  defaultApproval: ApprovalPolicy;
  override?: ApprovalPolicy;
  approvalMode: ApprovalMode;
}

export function resolveApprovalPolicy({ defaultApproval, override }: Omit<PolicyInput, 'approvalMode'>): ApprovalPolicy {
  return override ?? defaultApproval;
}

export function decideByPolicy(input: PolicyInput): GateVerdict {
  const policy = resolveApprovalPolicy(input);
  if (policy === 'blocked') return { kind: 'block', reason: 'This tool is blocked by policy.' };
  if (policy === 'pre_approved') return { kind: 'approve', reason: 'pre_approved' };
  if (input.approvalMode === 'approve_all') return { kind: 'approve', reason: 'approval_mode approve_all' };
  if (input.approvalMode === 'reject_all') return { kind: 'deny', reason: "the project's approval_mode is reject_all" };
  return { kind: 'prompt' };
}
