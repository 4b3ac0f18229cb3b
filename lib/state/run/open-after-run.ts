import type { RunTree } from '@/lib/run-tree/reduce-run-events';
import { WRITE_FILE_TOOL_NAME } from '@/lib/runtime/toolsets/filesystem-toolset';

/**
 * Which file the main pane opens when a run completes: the last file the
 * entry worker itself wrote with `write_file`, in the order of its tool calls.
 * The entry worker's last write is usually its deliverable (the pitch-deck
 * orchestrator writes one report per deck, then evaluations/summary.md), while
 * files written by workers it called are intermediate. A run that failed or
 * was stopped, or whose entry worker wrote nothing, opens nothing, so the
 * editor is never taken away from the user without a result to show.
 */
function pathOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('path' in value)) return null;
  return typeof value.path === 'string' && value.path !== '' ? value.path : null;
}

export function fileToOpenAfterRun(tree: RunTree, runId: string): string | null {
  const run = tree.runs[runId];
  if (run === undefined || run.status !== 'completed') return null;
  const entry = tree.calls[run.rootCallId];
  if (entry === undefined) return null;
  for (let index = entry.toolCalls.length - 1; index >= 0; index -= 1) {
    const toolCall = entry.toolCalls[index]!;
    if (toolCall.toolName !== WRITE_FILE_TOOL_NAME || toolCall.status !== 'done') continue;
    // The tool reports the canonical path it wrote; the arguments are the fallback.
    const path = pathOf(toolCall.result) ?? pathOf(toolCall.approval?.editedArgs) ?? pathOf(toolCall.args);
    if (path !== null) return path;
  }
  return null;
}
