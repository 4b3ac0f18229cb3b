import type { CallNode, RunTree } from '@/lib/run-tree/reduce-run-events';

/**
 * A run over time: one row per worker call (in tree order, with its depth),
 * its bar from start to end on the run's shared time axis — calls that ran
 * at once overlap — and, on the bar, what the call was waiting for: a model
 * slot (queued), the backoff before a retry, a person's answer to an
 * approval question, and its tools running (the rest of the bar is the model
 * answering). Computed from the run tree alone, so it works alike for a run
 * streaming in and for a kept run read back after a reload.
 */
export type TimelineSegmentKind = 'queued' | 'retry' | 'approval' | 'tool';

export interface TimelineSegment {
  kind: TimelineSegmentKind;
  from: number;
  to: number;
  /** Plain words for the bar's accessible label and tooltip. */
  label: string;
}

export interface TimelineRow {
  callId: string;
  workerName: string;
  depth: number;
  status: CallNode['status'];
  from: number;
  to: number;
  /** True while the call is still going (its bar ends at `now`). */
  open: boolean;
  segments: TimelineSegment[];
}

export interface RunTimeline {
  from: number;
  to: number;
  rows: TimelineRow[];
}

export function runTimeline(tree: RunTree, runId: string, now: number): RunTimeline | null {
  const run = tree.runs[runId];
  const root = run === undefined ? undefined : tree.calls[run.rootCallId];
  if (run === undefined || root === undefined) return null;
  const runEnd = run.durationMs === undefined ? now : run.startedAt + run.durationMs;
  const rows: TimelineRow[] = [];
  // Depth first, children in the order they started: the tree's order. An explicit stack keeps deep trees off the call stack.
  const stack: CallNode[] = [root];
  while (stack.length > 0) {
    const call = stack.pop()!;
    rows.push(rowOf(call, runEnd));
    for (let index = call.children.length - 1; index >= 0; index -= 1) {
      const child = tree.calls[call.children[index]!];
      if (child !== undefined) stack.push(child);
    }
  }
  return { from: run.startedAt, to: Math.max(runEnd, ...rows.map((row) => row.to)), rows };
}

function rowOf(call: CallNode, runEnd: number): TimelineRow {
  const open = call.durationMs === undefined;
  // A call left open by a run that ended (stopped, interrupted) ends with the run.
  const to = open ? runEnd : call.startedAt + call.durationMs!;
  const clip = (end: number | undefined) => Math.min(end ?? to, to);
  const segments: TimelineSegment[] = [];
  for (const wait of call.waits ?? []) {
    const label =
      wait.reason === 'queued'
        ? `queued for ${wait.limit === 'connections' ? 'a connection to the server' : 'a model slot'} before step ${wait.step}`
        : `waiting to retry step ${wait.step}${wait.attempt === undefined ? '' : ` (attempt ${wait.attempt}${wait.maxRetries === undefined ? '' : ` of ${wait.maxRetries}`})`}`;
    segments.push({ kind: wait.reason, from: wait.from, to: clip(wait.to), label });
  }
  for (const toolCall of call.toolCalls) {
    const approval = toolCall.approval;
    if (approval?.askedAt !== undefined) {
      const answer = approval.choice === undefined ? 'not answered' : approval.choice === 'deny' ? 'denied' : 'approved';
      segments.push({ kind: 'approval', from: approval.askedAt, to: clip(approval.decidedAt), label: `waiting for approval of ${toolCall.toolName} (${answer})` });
    }
    if (toolCall.calledAt !== undefined && toolCall.status !== 'denied') {
      // The tool runs once it is approved (or at once when nobody is asked).
      const from = approval?.decidedAt ?? toolCall.calledAt;
      segments.push({ kind: 'tool', from, to: clip(toolCall.endedAt), label: `${toolCall.toolName} running` });
    }
  }
  segments.sort((left, right) => left.from - right.from);
  return { callId: call.callId, workerName: call.workerName, depth: call.depth, status: call.status, from: call.startedAt, to, open, segments };
}
