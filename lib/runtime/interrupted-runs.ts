import type { RunEvent } from '@/lib/runtime/events';
import { reduceRunEvents, type CallNode, type RunTree } from '@/lib/runtime/reduce-run-events';

/**
 * A run restored from its record after a reload is no longer running: nothing
 * drives it. Its events reduce as usual; then the run, its unfinished calls and
 * their unfinished tool calls say "interrupted" instead of spinning forever.
 * Pure, so the same record always shows the same tree.
 */
const INTERRUPTED = { code: 'interrupted', message: 'The page was closed or reloaded while this ran.' };

export function restoreRunTree(events: Iterable<RunEvent>, initial?: RunTree): RunTree {
  return markInterrupted(reduceRunEvents(events, initial));
}

export function markInterrupted(tree: RunTree): RunTree {
  let runs = tree.runs;
  let calls = tree.calls;
  for (const run of Object.values(tree.runs)) {
    if (run.status !== 'running') continue;
    runs = { ...runs, [run.runId]: { ...run, status: 'interrupted' } };
  }
  for (const call of Object.values(tree.calls)) {
    if (call.status !== 'running' || tree.runs[call.runId]?.status !== 'running') continue;
    calls = { ...calls, [call.callId]: interruptCall(call) };
  }
  return runs === tree.runs && calls === tree.calls ? tree : { ...tree, runs, calls };
}

function interruptCall(call: CallNode): CallNode {
  return {
    ...call,
    status: 'interrupted',
    toolCalls: call.toolCalls.map((toolCall) =>
      toolCall.status === 'pending' || toolCall.status === 'running' || toolCall.status === 'awaiting-approval'
        ? {
            ...toolCall,
            status: 'error',
            error: INTERRUPTED,
            ...(toolCall.approval?.pending === true ? { approval: { ...toolCall.approval, pending: false } } : {}),
          }
        : toolCall,
    ),
  };
}
