import { describe, expect, it } from 'vitest';
import type { RunEvent, RunEventBase } from '@/lib/runtime/events';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { syntheticRecordPayload } from '@/lib/run-record/testing/synthetic-record';
import { ancestorTargets, callTreeRows, rowKey, type CallTreeRow, type CallTreeRows, type ExpansionChoices, type RowTarget } from './call-tree-rows';

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

function allRows(rows: CallTreeRows): CallTreeRow[] {
  return Array.from({ length: rows.length }, (_, index) => rows.at(index)!);
}
const names = (rows: CallTreeRows) => allRows(rows).map((row) => `${'  '.repeat(row.level - 1)}${row.kind === 'call' ? row.call.workerName : row.toolCall.toolName}`);
const choose = (...entries: [RowTarget, boolean][]): ExpansionChoices => new Map(entries.map(([target, expanded]) => [rowKey(target), { target, expanded }]));

describe('callTreeRows', () => {
  it('shows a finished run collapsed: the entry call, its tool calls, and the worker call a tool started, closed', () => {
    const tree = reduceRunEvents(events(true));
    const rows = callTreeRows(tree, 'call_1', new Map());
    expect(names(rows)).toEqual(['main', '  read_file', '  writer', '    writer']);
    expect(allRows(rows).map((row) => [row.expandable, row.expanded])).toEqual([
      [true, true],
      [false, false],
      [true, true],
      [true, false],
    ]);
    expect(allRows(rows).map((row) => `${row.position}/${row.siblings}`)).toEqual(['1/1', '1/2', '2/2', '1/1']);
    expect(allRows(rows).map((row) => [row.index, row.parentIndex])).toEqual([
      [0, -1],
      [1, 0],
      [2, 0],
      [3, 2],
    ]);
  });

  it('opens a worker call the person opened, and closes one they closed', () => {
    const tree = reduceRunEvents(events(true));
    const opened = callTreeRows(tree, 'call_1', choose([{ kind: 'call', callId: 'call_2' }, true]));
    expect(names(opened)).toEqual(['main', '  read_file', '  writer', '    writer', '      write_file']);
    expect(opened.at(4)?.key).toBe('tool:call_2:tc_1');
    expect(opened.at(4)?.parentKey).toBe('call:call_2');
    expect(opened.indexOf({ kind: 'tool', callId: 'call_2', toolCallId: 'tc_1' })).toBe(4);
    const closed = callTreeRows(tree, 'call_1', choose([{ kind: 'call', callId: 'call_1' }, false]));
    expect(names(closed)).toEqual(['main']);
    expect(closed.indexOf({ kind: 'call', callId: 'call_2' })).toBe(-1);
  });

  it('keeps a running worker call open, so a live run shows its newest activity', () => {
    const tree = reduceRunEvents(events(false));
    expect(names(callTreeRows(tree, 'call_1', new Map()))).toEqual(['main', '  read_file', '  writer', '    writer', '      write_file']);
  });

  it('names the rows to open to show a nested tool call, outermost first', () => {
    const tree = reduceRunEvents(events(true));
    expect(ancestorTargets(tree, { kind: 'tool', callId: 'call_2', toolCallId: 'tc_1' }).map(rowKey)).toEqual(['call:call_1', 'tool:call_1:tc_2', 'call:call_2']);
    expect(ancestorTargets(tree, { kind: 'call', callId: 'call_1' })).toEqual([]);
    expect(callTreeRows(tree, 'missing', new Map()).length).toBe(0);
  });

  it('ends on parent links that loop (a record may start a call twice, under its own child)', () => {
    const base = { runId: 'run_1', workerName: 'w', timestamp: 1 };
    const start = (callId: string, parentCallId: string | null, depth: number): RunEvent => ({ ...base, callId, parentCallId, depth, type: 'worker-start', model: 'm', input: 'x', attachments: [] });
    const tree = reduceRunEvents([{ ...base, callId: 'a', parentCallId: null, depth: 0, type: 'run-start', input: 'go', model: 'm' }, start('a', null, 0), start('b', 'a', 1), start('a', 'b', 0)]);
    expect(tree.calls.a?.parentCallId).toBe('b');
    expect(tree.calls.b?.parentCallId).toBe('a');
    expect(ancestorTargets(tree, { kind: 'call', callId: 'a' }).map(rowKey)).toEqual(['call:b']);
    const rows = callTreeRows(tree, 'a', new Map());
    expect(names(rows)).toEqual(['w']);
    expect(rows.indexOf({ kind: 'call', callId: 'b' })).toBe(-1);
  });
});

describe('callTreeRows of a wide run', () => {
  it('lists every tool call with the worker call it started under it, and a child started otherwise after them', () => {
    const events = syntheticRecordPayload({ calls: 300 }).events as RunEvent[];
    const orphan = { type: 'worker-start', runId: 'run-synthetic', callId: 'call-side', parentCallId: 'call-root', workerName: 'side', model: 'demo:model', depth: 1, input: 'x', attachments: [], timestamp: 1 } as RunEvent;
    const tree = reduceRunEvents([...events.slice(0, -2), orphan, ...events.slice(-2)]);
    const rows = callTreeRows(tree, 'call-root', new Map());
    expect(rows.length).toBe(1 + 2 * 300 + 1);
    expect(rows.at(1)).toMatchObject({ kind: 'tool', key: 'tool:call-root:tool-0', level: 2, position: 1, siblings: 301, expanded: true });
    expect(rows.at(2)).toMatchObject({ kind: 'call', key: 'call:call-0', level: 3, parentKey: 'tool:call-root:tool-0', parentIndex: 1, expandable: false });
    expect(rows.at(rows.length - 1)).toMatchObject({ kind: 'call', key: 'call:call-side', level: 2, position: 301, siblings: 301, parentIndex: 0 });
    expect(rows.indexOf({ kind: 'call', callId: 'call-side' })).toBe(rows.length - 1);
  });

  it('finds any row of a wide run by index and by target, the same row object each time', () => {
    const calls = 10_000;
    const tree = reduceRunEvents(syntheticRecordPayload({ calls }).events as RunEvent[]);
    const rows = callTreeRows(tree, 'call-root', new Map());
    expect(rows.length).toBe(1 + 2 * calls);
    const last = rows.at(rows.length - 1)!;
    expect(last).toMatchObject({ kind: 'call', key: `call:call-${calls - 1}`, level: 3, parentIndex: rows.length - 2 });
    expect(rows.at(rows.length - 1)).toBe(last);
    expect(rows.at(rows.length)).toBeUndefined();
    expect(rows.at(-1)).toBeUndefined();
    expect(rows.at(10_001)).toMatchObject({ kind: 'tool', key: 'tool:call-root:tool-5000', position: 5_001, siblings: calls, parentIndex: 0 });
    expect(rows.indexOf({ kind: 'tool', callId: 'call-root', toolCallId: 'tool-5000' })).toBe(10_001);
    expect(rows.indexOf({ kind: 'call', callId: 'call-5000' })).toBe(10_002);
    // Closing one tool call's row moves every row after it up by one.
    const closed = callTreeRows(tree, 'call-root', choose([{ kind: 'tool', callId: 'call-root', toolCallId: 'tool-10' }, false]));
    expect(closed.length).toBe(rows.length - 1);
    expect(closed.indexOf({ kind: 'call', callId: 'call-10' })).toBe(-1);
    expect(closed.indexOf({ kind: 'call', callId: 'call-5000' })).toBe(10_001);
    expect(closed.at(10_001)?.key).toBe('call:call-5000');
  });
});

/**
 * The rows as the tree listed them before they were made on demand: every
 * visible row at once, depth first. The rows made one at a time must be these.
 */
function listedRows(tree: ReturnType<typeof reduceRunEvents>, rootCallId: string, choices: ExpansionChoices) {
  const rows: { key: string; level: number; position: number; siblings: number; parentKey: string | null; expandable: boolean; expanded: boolean }[] = [];
  const choice = (key: string) => choices.get(key)?.expanded;
  const addCall = (callId: string, { level, position, siblings, parentKey }: { level: number; position: number; siblings: number; parentKey: string | null }) => {
    const call = tree.calls[callId]!;
    const key = `call:${callId}`;
    const linked = new Set(call.toolCalls.flatMap((toolCall) => (toolCall.childCallId === undefined ? [] : [toolCall.childCallId])));
    const unlinked = call.children.filter((id) => tree.calls[id] !== undefined && !linked.has(id));
    const count = call.toolCalls.length + unlinked.length;
    const expanded = count > 0 && (choice(key) ?? (call.depth === 0 || call.status === 'running'));
    rows.push({ key, level, position, siblings, parentKey, expandable: count > 0, expanded });
    if (!expanded) return;
    call.toolCalls.forEach((toolCall, index) => {
      const toolKey = `tool:${callId}:${toolCall.toolCallId}`;
      const child = toolCall.childCallId === undefined ? undefined : tree.calls[toolCall.childCallId];
      const toolExpanded = child !== undefined && (choice(toolKey) ?? true);
      rows.push({ key: toolKey, level: level + 1, position: index + 1, siblings: count, parentKey: key, expandable: child !== undefined, expanded: toolExpanded });
      if (toolExpanded) addCall(child!.callId, { level: level + 2, position: 1, siblings: 1, parentKey: toolKey });
    });
    unlinked.forEach((id, index) => addCall(id, { level: level + 1, position: call.toolCalls.length + index + 1, siblings: count, parentKey: key }));
  };
  addCall(rootCallId, { level: 1, position: 1, siblings: 1, parentKey: null });
  return rows;
}

/** A small deterministic random source (the same trees every run). */
function randomSource(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % below;
  };
}

/** A run of nested calls: tool calls, worker calls started by a tool call or otherwise, some still running. */
function randomRun(seed: number) {
  const random = randomSource(seed);
  const calls = [{ callId: 'c0', parentCallId: null as string | null, depth: 0, tools: [] as { id: string; child: boolean }[], ended: false }];
  const base = (call: (typeof calls)[number]): RunEventBase => ({ runId: 'run_r', callId: call.callId, parentCallId: call.parentCallId, workerName: `w-${call.callId}`, depth: call.depth, timestamp: 1 });
  const list: RunEvent[] = [
    { ...base(calls[0]!), type: 'run-start', input: 'go', model: 'm' },
    { ...base(calls[0]!), type: 'worker-start', model: 'm', input: 'go', attachments: [] },
  ];
  for (let step = 0; step < 60; step += 1) {
    const open = calls.filter((call) => !call.ended);
    const parent = open[random(open.length)]!;
    const action = random(10);
    if (action < 4) {
      // Ids repeat across calls, as models number them per request.
      const id = `tc_${parent.tools.length + 1}`;
      parent.tools.push({ id, child: false });
      list.push({ ...base(parent), type: 'tool-call', toolCallId: id, toolName: `tool-${id}`, args: {} });
    } else if (action < 8) {
      const free = parent.tools.find((tool) => !tool.child);
      const child = { callId: `c${calls.length}`, parentCallId: parent.callId, depth: parent.depth + 1, tools: [], ended: false };
      calls.push(child);
      if (free !== undefined && action < 7) free.child = true;
      const linkedTo = free !== undefined && action < 7 ? { parentToolCallId: free.id } : {};
      list.push({ ...base(child), type: 'worker-start', model: 'm', input: 'x', attachments: [], ...linkedTo });
    } else if (parent.callId !== 'c0') {
      parent.ended = true;
      list.push({ ...base(parent), type: 'worker-end', status: 'completed', output: 'ok', usage, durationMs: 1 });
    }
  }
  return { tree: reduceRunEvents(list), random };
}

function everyTarget(tree: ReturnType<typeof reduceRunEvents>): RowTarget[] {
  return Object.values(tree.calls).flatMap((call): RowTarget[] => [
    { kind: 'call', callId: call.callId },
    ...call.toolCalls.map((toolCall): RowTarget => ({ kind: 'tool', callId: call.callId, toolCallId: toolCall.toolCallId })),
  ]);
}

describe('rows made one at a time', () => {
  it('are the rows the whole list had, in random runs with random rows opened and closed', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const { tree, random } = randomRun(seed);
      const targets = everyTarget(tree);
      const picked = Array.from({ length: random(8) }, () => [targets[random(targets.length)]!, random(2) === 1] as [RowTarget, boolean]);
      const choices = choose(...picked);
      const expected = listedRows(tree, 'c0', choices);
      const rows = callTreeRows(tree, 'c0', choices);
      const made = allRows(rows);
      expect(made.map(({ key, level, position, siblings, parentKey, expandable, expanded }) => ({ key, level, position, siblings, parentKey, expandable, expanded })), `seed ${seed}`).toEqual(expected);
      // Each row knows its own and its parent's place; a target is found where its row is, a hidden one nowhere.
      const places = new Map(made.map((row) => [row.key, row.index]));
      made.forEach((row, index) => {
        expect(row.index).toBe(index);
        expect(row.parentIndex).toBe(row.parentKey === null ? -1 : places.get(row.parentKey));
      });
      for (const target of targets) expect(rows.indexOf(target), `seed ${seed} ${rowKey(target)}`).toBe(places.get(rowKey(target)) ?? -1);
    }
  });

  it('asked for out of order, give the rows asked for in order', () => {
    const { tree } = randomRun(7);
    const inOrder = allRows(callTreeRows(tree, 'c0', new Map())).map((row) => row.key);
    const rows = callTreeRows(tree, 'c0', new Map());
    const backwards = Array.from({ length: rows.length }, (_, index) => rows.at(rows.length - 1 - index)!.key).reverse();
    expect(backwards).toEqual(inOrder);
  });
});
