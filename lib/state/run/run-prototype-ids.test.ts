import { describe, expect, it } from 'vitest';
import { decodeRunLink } from '@/lib/run-record/run-link';
import { parseRunRecordText } from '@/lib/run-record/run-record-codec';
import { runLinkFromText, syntheticRecordPayload } from '@/lib/run-record/testing/synthetic-record';
import type { RunEvent } from '@/lib/runtime/events';
import { callPathsFromEvents } from '@/lib/runtime/recorded-run/call-path';
import { buildRecordedRun } from '@/lib/runtime/recorded-run/recorded-run';
import { EMPTY_RUN_TREE, reduceRunEvent, reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { costOfRun } from '@/lib/run-tree/run-cost';
import { runTimeline } from '@/lib/run-tree/run-timeline';
import { fileToOpenAfterRun } from './open-after-run';
import { openRunArchive } from '../run-archive/run-archive';
import { mergeArchivedRuns, readArchivedRuns, withoutRun } from '../run-archive/archived-runs';
import { keepOpenedRun } from '../share/keep-opened-run';
import { divergencePoint } from './divergence-point';
import { useRunStore } from './run-store';
import { useRunTabsStore } from '../ui/run-tabs';

/**
 * Ids named after Object's members, planted through every record and event
 * path: the record file and link, the run tree (batch and event by event), the
 * timeline, the cost, replay's reading of a record, the archive and the Runs
 * store. `parentCallId: "toString"` once broke a project's Runs panel ("Cannot
 * read properties of undefined (reading 'includes')"): the tables were plain
 * objects, and `calls.toString` is Object's method.
 */
/** Child call and tool call ids; the root call is "constructor". */
const HOSTILE = ['__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

function hostilePayload(runId = 'hasOwnProperty') {
  const payload = syntheticRecordPayload({
    calls: HOSTILE.length,
    runId,
    rootCallId: 'constructor',
    childCallId: (index) => HOSTILE[index]!,
    toolCallId: (index) => HOSTILE[(index + 1) % HOSTILE.length]!,
  });
  // A call whose parent is no call at all, but an Object member's name (the case).
  const orphan = { runId, callId: 'orphan', parentCallId: 'toString-missing', workerName: 'helper', depth: 1, timestamp: 1_700_000_000_500 };
  const events = payload.events as Record<string, unknown>[];
  events.splice(3, 0, { ...orphan, parentCallId: 'propertyIsEnumerable', type: 'worker-start', model: 'demo:model', input: 'x', attachments: [] });
  return payload;
}

function expectWholeTree(events: readonly RunEvent[], runId: string) {
  const tree = reduceRunEvents(events);
  expect(Object.getPrototypeOf(tree.calls)).toBeNull();
  expect(Object.getPrototypeOf(tree.runs)).toBeNull();
  expect(tree.runs[runId]).toMatchObject({ status: 'completed', rootCallId: 'constructor' });
  const rootId: string = 'constructor';
  const root = tree.calls[rootId]!;
  expect(root.children).toEqual(HOSTILE);
  expect(root.toolCalls.map((call) => [call.toolCallId, call.childCallId, call.status])).toEqual(
    HOSTILE.map((childId, index) => [HOSTILE[(index + 1) % HOSTILE.length], childId, 'done']),
  );
  for (const id of HOSTILE) expect(tree.calls[id]).toMatchObject({ callId: id, parentCallId: 'constructor', status: 'completed' });
  expect(tree.calls.orphan).toMatchObject({ parentCallId: 'propertyIsEnumerable' });
  expect(tree.calls.propertyIsEnumerable).toBeUndefined();
  return tree;
}

describe('ids named after Object members, through every record and event path', () => {
  it('a .run.json file and a run link read them as ids', () => {
    const payload = hostilePayload();
    const fromFile = parseRunRecordText(JSON.stringify(payload));
    const fromLink = decodeRunLink(runLinkFromText(JSON.stringify(payload)));
    expect(fromFile.ok && fromLink.ok).toBe(true);
    if (fromLink.ok) expect(fromLink.record.events).toEqual(payload.events);
  });

  it('the run tree is whole, batch and event by event, and so are the timeline, cost, divergence and replay reading', () => {
    const events = hostilePayload().events as RunEvent[];
    const tree = expectWholeTree(events, 'hasOwnProperty');
    expect(events.reduce(reduceRunEvent, EMPTY_RUN_TREE)).toEqual(tree);
    const timeline = runTimeline(tree, 'hasOwnProperty', Number.MAX_SAFE_INTEGER)!;
    expect(timeline.rows.map((row) => row.callId)).toEqual(expect.arrayContaining(['constructor', ...HOSTILE]));
    expect(costOfRun(tree, 'hasOwnProperty', () => ({ inputPerMillion: 1, outputPerMillion: 1 })).pricedCalls).toBe(HOSTILE.length + 2);
    expect(divergencePoint(tree, 'hasOwnProperty')).toBeNull();
    expect(fileToOpenAfterRun(tree, 'hasOwnProperty')).toBeNull();
    expect(runTimeline(tree, 'toString', 0)).toBeNull();
    expect(callPathsFromEvents(events).size).toBeGreaterThan(HOSTILE.length);
    expect(() => buildRecordedRun({ runId: 'hasOwnProperty', events, steps: [] })).not.toThrow();
  });

  it('the archive keeps and gives back a run named "__proto__", and the kept tree merges and drops it', async () => {
    const decoded = parseRunRecordText(JSON.stringify(hostilePayload('__proto__')));
    if (!decoded.ok) throw new Error(decoded.message);
    const archive = openRunArchive(indexedDB, 'runs-prototype-ids');
    const runId = await keepOpenedRun({ archive, project: 'constructor', record: decoded.record, newSuffix: () => 'x' });
    expect(runId).toBe('__proto__');
    const kept = await readArchivedRuns({ store: archive, project: 'constructor', known: new Set() });
    expectWholeTree(Object.values(kept.runs).length === 1 ? await archive.events('__proto__') : [], '__proto__');
    const merged = mergeArchivedRuns(reduceRunEvents(hostilePayload('toString').events as RunEvent[]), kept);
    expect(merged.runOrder).toEqual(['__proto__', 'toString']);
    expect(Object.getPrototypeOf(merged.calls)).toBeNull();
    const dropped = withoutRun(merged, '__proto__');
    expect(Object.keys(dropped.runs)).toEqual(['toString']);
    expect(Object.getPrototypeOf(dropped.runs)).toBeNull();
  });

  it('the Runs store files a run named after an Object member under its project', () => {
    for (const runId of HOSTILE) useRunStore.getState().addRunEvents(`project-${runId}`, hostilePayload(runId).events as RunEvent[]);
    const { runProjects, tree } = useRunStore.getState();
    for (const runId of HOSTILE) {
      expect(Object.hasOwn(runProjects, runId) && runProjects[runId]).toBe(`project-${runId}`);
      expect(tree.runs[runId]?.status).toBe('completed');
    }
    expect(Object.getPrototypeOf(runProjects)).toBeNull();
    // Revealed, it opens as its project's tab.
    useRunStore.getState().revealRun('__proto__');
    expect(useRunTabsStore.getState().tabs).toContainEqual({ runId: '__proto__', project: 'project-__proto__' });
    expect(useRunTabsStore.getState().activeRunTab).toBe('__proto__');
  });
});
