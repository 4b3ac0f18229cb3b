import { describe, expect, it } from 'vitest';
import type { RunEvent, RunEventBase } from '@/lib/runtime/events';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { syntheticRecordPayload } from '@/lib/run-record/testing/synthetic-record';
import { ancestorKeys, callTreeRows, rowKey } from './call-tree-rows';

const usage = { inputTokens: 1, outputTokens: 1 };
let clock = 0;
const main = (): RunEventBase => ({ runId: 'run_1', callId: 'call_1', parentCallId: null, workerName: 'main', depth: 0, timestamp: (clock += 1) });
const writer = (): RunEventBase => ({ runId: 'run_1', callId: 'call_2', parentCallId: 'call_1', workerName: 'writer', depth: 1, timestamp: (clock += 1) });

/** main reads a file, delegates to writer (which writes a file), and finishes; `end` false leaves writer running. */
function events(end: boolean): RunEvent[] {
  const started: RunEvent[] = [
    { ...main(), type: 'run-start', input: 'go', model: 'mock:model' },
    { ...main(), type: 'worker-start', model: 'mock:model', input: 'go', attachments: [] },
    { ...main(), type: 'tool-call', toolCallId: 'tc_1', toolName: 'read_file', args: { path: 'a.md' } },
    { ...main(), type: 'tool-result', toolCallId: 'tc_1', toolName: 'read_file', result: 'text' },
    { ...main(), type: 'tool-call', toolCallId: 'tc_2', toolName: 'writer', args: { input: 'x' } },
    { ...writer(), type: 'worker-start', model: 'mock:model', input: 'x', attachments: [], parentToolCallId: 'tc_2' },
    // Tool-call ids repeat across calls (models number them per request): rows are told apart by their call.
    { ...writer(), type: 'tool-call', toolCallId: 'tc_1', toolName: 'write_file', args: { path: 'b.md', content: 'y' } },
  ];
  if (!end) return started;
  return [
    ...started,
    { ...writer(), type: 'tool-result', toolCallId: 'tc_1', toolName: 'write_file', result: 'ok' },
    { ...writer(), type: 'worker-end', status: 'completed', output: 'written', usage, durationMs: 5 },
    { ...main(), type: 'tool-result', toolCallId: 'tc_2', toolName: 'writer', result: 'written' },
    { ...main(), type: 'worker-end', status: 'completed', output: 'done', usage, durationMs: 9 },
    { ...main(), type: 'run-end', output: 'done', durationMs: 10 },
  ];
}

const names = (rows: ReturnType<typeof callTreeRows>) => rows.map((row) => `${'  '.repeat(row.level - 1)}${row.kind === 'call' ? row.call.workerName : row.toolCall.toolName}`);

describe('callTreeRows', () => {
  it('shows a finished run collapsed: the entry call, its tool calls, and the worker call a tool started, closed', () => {
    const tree = reduceRunEvents(events(true));
    const rows = callTreeRows(tree, 'call_1', new Map());
    expect(names(rows)).toEqual(['main', '  read_file', '  writer', '    writer']);
    expect(rows.map((row) => [row.expandable, row.expanded])).toEqual([
      [true, true],
      [false, false],
      [true, true],
      [true, false],
    ]);
    expect(rows.map((row) => `${row.position}/${row.siblings}`)).toEqual(['1/1', '1/2', '2/2', '1/1']);
  });

  it('opens a worker call the person opened, and closes one they closed', () => {
    const tree = reduceRunEvents(events(true));
    const opened = callTreeRows(tree, 'call_1', new Map([[rowKey({ kind: 'call', callId: 'call_2' }), true]]));
    expect(names(opened)).toEqual(['main', '  read_file', '  writer', '    writer', '      write_file']);
    expect(opened.at(-1)?.key).toBe('tool:call_2:tc_1');
    expect(opened.at(-1)?.parentKey).toBe('call:call_2');
    const closed = callTreeRows(tree, 'call_1', new Map([[rowKey({ kind: 'call', callId: 'call_1' }), false]]));
    expect(names(closed)).toEqual(['main']);
  });

  it('keeps a running worker call open, so a live run shows its newest activity', () => {
    const tree = reduceRunEvents(events(false));
    expect(names(callTreeRows(tree, 'call_1', new Map()))).toEqual(['main', '  read_file', '  writer', '    writer', '      write_file']);
  });

  it('names the rows to open to show a nested tool call, outermost first', () => {
    const tree = reduceRunEvents(events(true));
    expect(ancestorKeys(tree, { kind: 'tool', callId: 'call_2', toolCallId: 'tc_1' })).toEqual(['call:call_1', 'tool:call_1:tc_2', 'call:call_2']);
    expect(ancestorKeys(tree, { kind: 'call', callId: 'call_1' })).toEqual([]);
    expect(callTreeRows(tree, 'missing', new Map())).toEqual([]);
  });
});

describe('callTreeRows of a wide run', () => {
  it('lists every tool call with the worker call it started under it, and a child started otherwise after them', () => {
    const events = syntheticRecordPayload({ calls: 300 }).events as RunEvent[];
    const orphan = { type: 'worker-start', runId: 'run-synthetic', callId: 'call-side', parentCallId: 'call-root', workerName: 'side', model: 'demo:model', depth: 1, input: 'x', attachments: [], timestamp: 1 } as RunEvent;
    const tree = reduceRunEvents([...events.slice(0, -2), orphan, ...events.slice(-2)]);
    const rows = callTreeRows(tree, 'call-root', new Map());
    expect(rows).toHaveLength(1 + 2 * 300 + 1);
    expect(rows[1]).toMatchObject({ kind: 'tool', key: 'tool:call-root:tool-0', level: 2, position: 1, siblings: 301, expanded: true });
    expect(rows[2]).toMatchObject({ kind: 'call', key: 'call:call-0', level: 3, parentKey: 'tool:call-root:tool-0', expandable: false });
    expect(rows.at(-1)).toMatchObject({ kind: 'call', key: 'call:call-side', level: 2, position: 301, siblings: 301 });
  });
});
