import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { canonicalJson } from '@/lib/runtime/canonical-json';

/**
 * What outlives one tool call but not the session: "approve for this session"
 * grants (same tool + same arguments), and the workers created during the
 * session (dynamic workers are callable only in the session that created them).
 * A session may span several runs when the caller passes the same object again.
 */
export interface RunSession {
  hasApprovalGrant(toolName: string, args: unknown): boolean;
  addApprovalGrant(toolName: string, args: unknown): void;
  /** Workers created in this session, keyed by name; consulted after the project's. */
  readonly dynamicWorkers: Map<string, WorkerDefinition>;
}

export function createRunSession(): RunSession {
  const grants = new Set<string>();
  const keyOf = (toolName: string, args: unknown) => `${toolName}\u0000${canonicalJson(args)}`;
  return {
    hasApprovalGrant: (toolName, args) => grants.has(keyOf(toolName, args)),
    addApprovalGrant: (toolName, args) => {
      grants.add(keyOf(toolName, args));
    },
    dynamicWorkers: new Map(),
  };
}
