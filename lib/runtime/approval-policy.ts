import type { ApprovalMode } from '@/lib/project/manifest-schema';
import type { ProjectTrust } from '@/lib/project/project-trust';
import type { ApprovalPolicy } from '@/lib/worker/worker-schema';

/**
 * How a tool call is decided before anyone is asked. Resolution order: the
 * tool's default, then the worker's frontmatter override
 * (`toolsets.<toolset>.approvals.<tool>`), then the project's `approval_mode`,
 * which only ever turns `prompt` into an automatic answer: `blocked` stays
 * blocked and `pre_approved` stays approved whatever the mode.
 *
 * For an untrusted project (lib/project/project-trust.ts) the project's own
 * loosenings do not count: a `pre_approved` override (it comes from a worker
 * file) falls back to the tool's default, and `approve_all` asks as `prompt`
 * does. Tightenings still apply.
 *
 * `mustAsk` is the project's demand that this call be approved (llm-do's agent
 * approval settings, agent-call-approval.ts): it turns `pre_approved` into
 * `prompt`, whatever the trust — asking more is never a loosening.
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
  /** Whether the project's files may loosen approvals; 'untrusted' for an imported project. */
  projectTrust: ProjectTrust;
  mustAsk?: boolean;
}

export function resolveApprovalPolicy({ defaultApproval, override, projectTrust, mustAsk }: Omit<PolicyInput, 'approvalMode'>): ApprovalPolicy {
  const policy = override === 'pre_approved' && projectTrust !== 'trusted' ? defaultApproval : (override ?? defaultApproval);
  return mustAsk === true && policy === 'pre_approved' ? 'prompt' : policy;
}

export function decideByPolicy(input: PolicyInput): GateVerdict {
  const policy = resolveApprovalPolicy(input);
  if (policy === 'blocked') return { kind: 'block', reason: 'This tool is blocked by policy.' };
  if (policy === 'pre_approved') return { kind: 'approve', reason: 'pre_approved' };
  if (input.approvalMode === 'approve_all' && input.projectTrust === 'trusted') return { kind: 'approve', reason: 'approval_mode approve_all' };
  if (input.approvalMode === 'reject_all') return { kind: 'deny', reason: "the project's approval_mode is reject_all" };
  return { kind: 'prompt' };
}
