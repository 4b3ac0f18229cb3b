/**
 * Opening a run record: a 1,000-call, a 10,000-call and a record at the
 * format's limit (MAX_RECORD_EVENTS, 4 events a call) as a .run.json file and
 * as a run link, the steps the page takes one after another: reading the file
 * or decoding the link (inflate, JSON, the bounds check, the schema), reducing its events to the run tree at once,
 * and in the slices the Runs panel reduces kept runs in (the longest slice is
 * what blocks the page). The target beside each: no step blocks the page for
 * more than 200 ms. Numbers only; nothing here asserts.
 */
import { MAX_RECORD_EVENTS } from '@/lib/run-record/run-record-limits';
import { decodeRunLink } from '@/lib/run-record/run-link';
import { parseRunRecordText } from '@/lib/run-record/run-record-codec';
import { runLinkFromText, syntheticRecordPayload } from '@/lib/run-record/testing/synthetic-record';
import { EMPTY_RUN_TREE, reduceRunEvents, runTreeBuilder } from '@/lib/run-tree/reduce-run-events';
import { ARCHIVED_RUN_SLICE } from '@/lib/state/run-archive/archived-runs';

const TARGET_MS = 200;
const RUNS = 5;

function median(samples: number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: performance.now() - start };
}

function medianOf(run: () => unknown, runs = RUNS): number {
  run(); // warm-up
  return median(Array.from({ length: runs }, () => timed(run).ms));
}

/** The median of what `run` returns (a time it measured itself), after a warm-up. */
function medianValue(run: () => number, runs = RUNS): number {
  run();
  return median(Array.from({ length: runs }, run));
}

const rows: string[][] = [];
const limitCalls = Math.floor((MAX_RECORD_EVENTS - 4) / 4);
for (const [label, calls] of [['1k calls', 1_000], ['10k calls', 10_000], [`limit (${limitCalls.toLocaleString('en')} calls)`, limitCalls]] as const) {
  const text = JSON.stringify(syntheticRecordPayload({ calls }));
  const link = runLinkFromText(text);
  const decoded = parseRunRecordText(text);
  if (!decoded.ok) throw new Error(decoded.message);
  const events = decoded.record.events;
  const runs = calls === limitCalls ? 3 : RUNS;
  const fileMs = medianOf(() => parseRunRecordText(text), runs);
  // A link expands to at most MAX_DECOMPRESSED_BYTES: the largest records travel as files.
  const linkMs = decodeRunLink(link).ok ? medianOf(() => decodeRunLink(link), runs).toFixed(1) : 'refused (over 20 MiB)';
  const reduceMs = medianOf(() => reduceRunEvents(events), runs);
  const longestSlice = medianValue(() => {
    const builder = runTreeBuilder(EMPTY_RUN_TREE);
    let longest = 0;
    for (let start = 0; start < events.length; start += ARCHIVED_RUN_SLICE) {
      longest = Math.max(longest, timed(() => builder.add(events.slice(start, start + ARCHIVED_RUN_SLICE))).ms);
    }
    return Math.max(longest, timed(() => builder.finish()).ms);
  }, runs);
  rows.push([label, events.length.toLocaleString('en'), `${(text.length / 1024 / 1024).toFixed(1)} MiB`, fileMs.toFixed(1), `${(link.length / 1024).toFixed(0)} KiB`, linkMs, reduceMs.toFixed(1), longestSlice.toFixed(1), `≤ ${TARGET_MS}`]);
}

const headers = ['record', 'events', 'file', 'read file ms', 'link', 'decode link ms', 'reduce ms (one go)', `longest slice ms (${ARCHIVED_RUN_SLICE.toLocaleString('en')} events)`, 'target ms'];
const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
console.log(line(headers));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of rows) console.log(line(row));
