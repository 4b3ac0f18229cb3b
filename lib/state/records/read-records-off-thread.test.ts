import { describe, expect, it } from 'vitest';
import { parseRunRecordText } from '@/lib/run-record/run-record-codec';
import { MAX_RECORD_EVENTS, MAX_RECORD_TEXT_LENGTH } from '@/lib/run-record/run-record-limits';
import { deeplyNestedRunLink, runLinkFromText, syntheticRecordPayload } from '@/lib/run-record/testing/synthetic-record';
import { openRunArchive } from '../run-archive/run-archive';
import { keepOpenedRun } from '../share/keep-opened-run';
import { readKeptRunEventsOffThread, readRunRecordOffThread } from './read-records-off-thread';

/**
 * The record reader's protocol end to end (in process here: Node has no Web
 * Worker; the page runs the same code in one, which the e2e spec
 * hostile-records covers): a file or a link comes back as the record the codec
 * reads, in parts; a bad one as the codec's sentence naming what is wrong and
 * where; kept runs come back as their events; progress climbs to 1; a cancel
 * rejects with an AbortError.
 */
const payload = () => syntheticRecordPayload({ calls: 3_000, projectName: 'wide' });

describe('reading run records off the page', () => {
  it('reads a file and a link into the record the codec reads, reporting progress', async () => {
    const text = JSON.stringify(payload());
    const expected = parseRunRecordText(text);
    const progress: number[] = [];
    const fromFile = await readRunRecordOffThread({ kind: 'file', file: new Blob([text]) }, { onProgress: (fraction) => progress.push(fraction) });
    expect(fromFile).toEqual(expected);
    expect(progress.at(-1)).toBeGreaterThan(0.9);
    expect(progress).toEqual([...progress].sort((left, right) => left - right));
    expect(await readRunRecordOffThread({ kind: 'link', fragment: runLinkFromText(text) })).toEqual(expected);
  });

  it('answers a malformed, a too deep and an over-limit record with what is wrong', async () => {
    const malformed = await readRunRecordOffThread({ kind: 'file', file: new Blob(['{"format": "workerbench-run-record", "events": [']) });
    expect(malformed).toMatchObject({ ok: false, message: expect.stringMatching(/^This is not a run record: it is not JSON/) });
    const deep = await readRunRecordOffThread({ kind: 'link', fragment: deeplyNestedRunLink(20_000) });
    expect(deep).toMatchObject({ ok: false, message: expect.stringMatching(/nests deeper than 64 levels at events\[2\]\.args/) });
    const many = payload();
    many.events = Array.from({ length: MAX_RECORD_EVENTS + 1 }, (_, index) => many.events[index % many.events.length]);
    const tooMany = await readRunRecordOffThread({ kind: 'file', file: new Blob([JSON.stringify(many)]) });
    expect(tooMany).toEqual({ ok: false, message: `This run record has ${MAX_RECORD_EVENTS + 1} events; at most ${MAX_RECORD_EVENTS} are read.` });
    const huge = { size: MAX_RECORD_TEXT_LENGTH + 1, text: () => Promise.reject(new Error('not read')) } as unknown as Blob;
    expect(await readRunRecordOffThread({ kind: 'file', file: huge })).toMatchObject({ ok: false, message: expect.stringMatching(/larger than any run record Workerbench reads/) });
  });

  it('reads kept runs back as their events, leaving out the runs the page shows', async () => {
    const read = parseRunRecordText(JSON.stringify(payload()));
    if (!read.ok) throw new Error(read.message);
    const archive = openRunArchive(indexedDB, 'records-off-thread');
    const runId = await keepOpenedRun({ archive, project: 'wide', record: read.record, newSuffix: () => 'copy' });
    expect(await readKeptRunEventsOffThread({ store: archive, project: 'wide', known: new Set() })).toEqual(await archive.events(runId));
    expect(await readKeptRunEventsOffThread({ store: archive, project: 'wide', known: new Set([runId]) })).toEqual([]);
  });

  it('rejects with an AbortError when cancelled', async () => {
    const controller = new AbortController();
    const reading = readRunRecordOffThread({ kind: 'file', file: new Blob([JSON.stringify(payload())]) }, { signal: controller.signal });
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
  });
});
