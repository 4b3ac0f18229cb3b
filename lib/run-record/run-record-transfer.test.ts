import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRunRecordText } from './run-record-codec';
import { createRunRecordAssembler, headBuffers, RECORD_PART_EVENTS, RECORD_PART_STEPS, runRecordPartCount, runRecordParts, type RunRecordPart } from './run-record-transfer';
import { syntheticRecordPayload } from './testing/synthetic-record';

/**
 * A checked record crosses from the reader's worker to the page in parts
 * (structured clones of a few milliseconds each) and is put together the
 * same: the example's recorded run (steps sharing their messages) and a
 * 10,000-call record come out equal to what went in.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const exampleRecord = () => {
  const read = parseRunRecordText(readFileSync(path.join(repositoryRoot, 'public/examples/pitch-deck/recorded-run.json'), 'utf8'));
  if (!read.ok) throw new Error(read.message);
  return read.record;
};

/** As postMessage would hand them over: cloned, nothing shared with the sender. */
function cloned(parts: Iterable<RunRecordPart>): RunRecordPart[] {
  return [...parts].map((part) => structuredClone(part));
}

describe('run record parts', () => {
  it('put together give the record back, steps and files included', () => {
    const record = exampleRecord();
    expect(record.steps.length).toBeGreaterThan(1);
    const parts = cloned(runRecordParts(record));
    expect(parts).toHaveLength(runRecordPartCount(record.events.length, record.steps.length));
    const assembler = createRunRecordAssembler();
    for (const part of parts) assembler.add(part);
    expect(assembler.finish()).toEqual(record);
  });

  it('are bounded in size, whatever the size of the record', () => {
    const read = parseRunRecordText(JSON.stringify(syntheticRecordPayload({ calls: 10_000 })));
    if (!read.ok) throw new Error(read.message);
    const parts = [...runRecordParts(read.record)];
    for (const part of parts) {
      if (part.kind === 'events') expect(part.events.length).toBeLessThanOrEqual(RECORD_PART_EVENTS);
      if (part.kind === 'steps') expect(part.steps.length).toBeLessThanOrEqual(RECORD_PART_STEPS);
    }
    expect(parts.filter((part) => part.kind === 'events')).toHaveLength(Math.ceil(40_004 / RECORD_PART_EVENTS));
    const assembler = createRunRecordAssembler();
    for (const part of cloned(parts)) assembler.add(part);
    expect(assembler.finish().events).toEqual(read.record.events);
  });

  it('refuse to make a record from parts out of order or missing', () => {
    const parts = cloned(runRecordParts(exampleRecord()));
    const withoutHead = createRunRecordAssembler();
    expect(() => withoutHead.add(parts[1]!)).toThrow(/out of order/);
    const short = createRunRecordAssembler();
    for (const part of parts.slice(0, -1)) short.add(part);
    expect(() => short.finish()).toThrow(/incomplete/);
  });

  it('list each file buffer once, to be moved with the head', () => {
    const record = exampleRecord();
    const shared = new Uint8Array(8);
    const head = { ...record, projectAtStart: { ...record.projectAtStart, files: [{ path: 'a', data: shared.subarray(0, 4) }, { path: 'b', data: shared.subarray(4) }] } };
    expect(headBuffers(head)).toEqual([shared.buffer]);
  });
});
