import { createLogUpdate } from 'log-update';
import { reduceRunEvent, EMPTY_RUN_TREE, type CallNode, type RunTree } from '@/lib/run-tree/reduce-run-events';
import type { RunProgress } from './run-progress';
import { briefArguments } from './describe-event';

const REDRAW_MS = 100;
const STATUS_MARK: Record<CallNode['status'], string> = { running: '…', completed: '✓', failed: '✗', aborted: '■', interrupted: '!' };

/** The run tree as lines: every worker call under its parent, with its step, tokens, open tool calls and wait. */
export function renderRunTree(tree: RunTree, maxLines: number): string[] {
  const lines: string[] = [];
  const visit = (callId: string) => {
    const call = tree.calls[callId];
    if (call === undefined) return;
    const indent = '  '.repeat(call.depth);
    const tokens = `${call.usage.inputTokens}/${call.usage.outputTokens} tok`;
    const wait = call.wait === undefined ? '' : call.wait.reason === 'retry' ? ` · retry ${call.wait.attempt}/${call.wait.maxRetries}` : ' · queued';
    lines.push(`${indent}${STATUS_MARK[call.status]} ${call.workerName} · ${call.model} · step ${call.steps} · ${tokens}${wait}${call.error === undefined ? '' : ` · ${call.error.message}`}`);
    for (const tool of call.toolCalls) {
      if (tool.status === 'done' || tool.childCallId !== undefined) continue;
      lines.push(`${indent}    ${tool.status === 'error' || tool.status === 'denied' ? '✗' : '·'} ${tool.toolName} ${briefArguments(tool.args)}`);
    }
    for (const child of call.children) visit(child);
  };
  for (const runId of tree.runOrder) {
    const run = tree.runs[runId]!;
    lines.push(`run ${runId} · ${run.status}`);
    visit(run.rootCallId);
  }
  return lines.length <= maxLines ? lines : [...lines.slice(0, maxLines - 1), `… ${lines.length - maxLines + 1} more lines`];
}

/** The live tree on a terminal, redrawn at most ten times a second. */
export function createTreeProgress(stream: NodeJS.WriteStream): RunProgress {
  const draw = createLogUpdate(stream);
  let tree = EMPTY_RUN_TREE;
  let paused = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const redraw = () => {
    timer = null;
    if (!paused) draw(renderRunTree(tree, Math.max(5, (stream.rows ?? 24) - 2)).join('\n'));
  };
  return {
    onEvent(event) {
      tree = reduceRunEvent(tree, event);
      timer ??= setTimeout(redraw, REDRAW_MS);
    },
    pause() {
      paused = true;
      draw.clear();
    },
    resume() {
      paused = false;
      redraw();
    },
    finish() {
      if (timer !== null) clearTimeout(timer);
      redraw();
      draw.done();
    },
  };
}
