import type { RuntimeSettings } from '@/lib/project/manifest-schema';
import { ownValue } from '@/lib/worker/own-property';
import type { AgentCallTarget } from '@/lib/runtime/toolsets/toolset';

/**
 * llm-do's agent approval settings from project.json's `runtime`
 * (`agent_calls_require_approval`, `agent_attachments_require_approval`,
 * `agent_approval_overrides.<agent>`), as llm-do's resolve_agent_call_approval
 * reads them: a per-agent setting replaces the project-wide one; a call asks
 * when calls require approval, or when it passes files and attachments do.
 *
 * The answer only ever adds a question (approval-policy.ts): a project file can
 * make a call ask, never skip one.
 */
export function agentCallRequiresApproval(runtime: RuntimeSettings, target: AgentCallTarget | undefined): boolean {
  if (target === undefined) return false;
  let calls = runtime.agent_calls_require_approval === true;
  let attachments = runtime.agent_attachments_require_approval === true;
  // Own properties only: an agent called "constructor" must not read Object.prototype.
  const override = ownValue(runtime.agent_approval_overrides, target.agent);
  if (override?.calls_require_approval !== undefined) calls = override.calls_require_approval;
  if (override?.attachments_require_approval !== undefined) attachments = override.attachments_require_approval;
  return calls || (attachments && target.hasAttachments);
}

function isFilled(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The target of a call from its arguments: files go along in `attachments`
 * or, for a worker with attachment slots, in the slot parameters.
 */
export function agentCallTarget(agent: string, args: unknown, fileParameters: readonly string[] = ['attachments']): AgentCallTarget {
  const record = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  return { agent, hasAttachments: fileParameters.some((name) => isFilled(ownValue(record, name))) };
}
