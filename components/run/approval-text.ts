import type { ToolCallNode } from '@/lib/run-tree/reduce-run-events';

/** How a tool call was let through or refused, in words; null when no approval was involved. */
export function approvalText(toolCall: ToolCallNode): { text: string; tone: 'auto' | 'denied' | 'plain' } | null {
  const approval = toolCall.approval;
  if (approval === undefined) return null;
  if (approval.pending) return { text: 'waiting for approval', tone: 'plain' };
  if (approval.choice === 'deny') {
    const by = approval.automatic ? 'blocked by policy' : 'denied by you';
    return { text: approval.reason ? `${by}: “${approval.reason}”` : by, tone: 'denied' };
  }
  if (approval.automatic) return { text: 'approved automatically', tone: 'auto' };
  if (approval.editedArgs !== undefined) return { text: 'approved with your edits', tone: 'plain' };
  return { text: approval.choice === 'approve_session' ? 'approved for this session' : 'approved once', tone: 'plain' };
}

/** The data-approval value the tree and its tests read: none, pending, automatic, or the person's choice. */
export function approvalState(toolCall: ToolCallNode): string {
  const approval = toolCall.approval;
  if (approval === undefined) return 'none';
  if (approval.pending) return 'pending';
  if (approval.automatic) return 'automatic';
  return approval.choice ?? 'none';
}
