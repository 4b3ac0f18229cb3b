import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url } from '@/lib/encoding/base64';
import { zlibSync } from 'fflate';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import type { RunRecord } from './run-record';
import { parseRunRecordText, serializeRunRecord, toRunRecordPayload } from './run-record-codec';
import { decodeRunLink, encodeRunLink, isRunLink } from './run-link';
import { recordExampleRun } from './testing/record-example-run';

/**
 * A run record survives the file and the link unchanged, and every bad input
 * (cut off, damaged, another version, too large, a malformed event, a path out
 * of the project, a duplicate) is refused with a sentence that says what and where.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let record: RunRecord;
beforeAll(async () => {
  record = await recordExampleRun(repositoryRoot);
});

function expectSameRecord(actual: RunRecord, expected: RunRecord) {
  expect(actual.events).toEqual(expected.events);
  expect(actual.steps).toEqual(expected.steps);
  expect(actual.projectAtStart.files.map((file) => [file.path, Buffer.from(file.data).toString('base64')])).toEqual(
    expected.projectAtStart.files.map((file) => [file.path, Buffer.from(file.data).toString('base64')]),
  );
  expect(actual.runId).toBe(expected.runId);
  expect(actual.projectName).toBe(expected.projectName);
}

function mutated(change: (payload: Record<string, unknown>) => void): string {
  const payload = JSON.parse(JSON.stringify(toRunRecordPayload(record))) as Record<string, unknown>;
  change(payload);
  return JSON.stringify(payload);
}

function refusal(text: string): string {
  const result = parseRunRecordText(text);
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.message;
}

describe('run record file', () => {
  it('round-trips events, steps and file bytes exactly (PDFs included)', () => {
    const result = parseRunRecordText(serializeRunRecord(record));
    expect(result.ok).toBe(true);
    if (result.ok) expectSameRecord(result.record, record);
    expect(record.projectAtStart.files.some((file) => file.path.endsWith('.pdf'))).toBe(true);
  });

  it("keeps which limit a queued step waited for, and refuses a limit it does not know", () => {
    const events = record.events;
    const start = events.findIndex((event) => event.type === 'worker-start');
    const { runId, callId, parentCallId, workerName, depth, timestamp } = events[start]!;
    const base = { runId, callId, parentCallId, workerName, depth, timestamp };
    const queued = { ...base, type: 'model-wait' as const, step: 1, reason: 'queued' as const, limit: 'connections' as const };
    const withWait = { ...record, events: [...events.slice(0, start + 1), queued, { ...base, type: 'model-wait-end' as const, step: 1 }, ...events.slice(start + 1)] };
    const result = parseRunRecordText(serializeRunRecord(withWait as RunRecord));
    expect(result.ok && result.record.events[start + 1]).toEqual(queued);
    const unknownLimit = JSON.parse(serializeRunRecord(withWait as RunRecord)) as { events: Record<string, unknown>[] };
    unknownLimit.events[start + 1]!.limit = 'sockets';
    expect(refusal(JSON.stringify(unknownLimit))).toMatch(new RegExp(`events\\[${start + 1}\\]\\.limit`));
  });

  it('refuses what is not a record, another version, and damage, saying where', () => {
    expect(refusal('not json')).toMatch(/not JSON/);
    expect(refusal('{"format":"workerbench-project"}')).toMatch(/not a Workerbench run record/);
    expect(refusal(mutated((payload) => (payload.version = 3)))).toMatch(/format version "3"; this Workerbench reads version 1 and 2\. It was probably made by a newer Workerbench/);
    expect(refusal(mutated((payload) => ((payload.events as unknown[])[3] = { type: 'surprise' })))).toMatch(/damaged: events\[3\]/);
    expect(refusal(mutated((payload) => (((payload.events as Record<string, unknown>[])[1]!).depth = -1)))).toMatch(/events\[1\]\.depth/);
    expect(refusal(mutated((payload) => (((payload.steps as Record<string, unknown>[])[0]!).runId = 'run-other')))).toMatch(/steps\[0\] belongs to another run/);
    expect(refusal(mutated((payload) => (payload.events as unknown[]).shift()))).toMatch(/does not begin with the start/);
  });

  it('keeps a step that follows another of its call as a delta, and reads version 1 records (every step whole)', () => {
    const payload = toRunRecordPayload(record);
    expect(payload.version).toBe(2);
    const deltas = payload.steps.filter((step) => step.sharedMessages !== undefined);
    expect(deltas.length).toBeGreaterThan(0);
    const wholeStepsLength = JSON.stringify(record.steps).length;
    expect(JSON.stringify(payload.steps).length).toBeLessThan(wholeStepsLength * 0.6);

    const versionOne = JSON.stringify({ ...payload, version: 1, steps: record.steps });
    const result = parseRunRecordText(versionOne);
    expect(result.ok).toBe(true);
    if (result.ok) expectSameRecord(result.record, record);
    // The example shipped before version 2 (public/examples) is one.
    expect(JSON.parse(versionOne).version).toBe(1);
  });

  it('refuses a delta with nothing to build on, a delta in a version 1 record, and a flood of shared messages', () => {
    const firstDelta = toRunRecordPayload(record).steps.findIndex((step) => step.sharedMessages !== undefined);
    expect(refusal(mutated((payload) => (payload.steps as unknown[]).splice(firstDelta - 1, 1)))).toMatch(
      new RegExp(`damaged: step \\d+ of worker \\w+ \\(entry ${firstDelta - 1}\\) builds on step \\d+ of its call, which is not just before it`),
    );
    expect(refusal(mutated((payload) => ((payload.steps as Record<string, unknown>[])[firstDelta]!.sharedMessages = 10_000)))).toMatch(/which has fewer than 10000 messages/);
    expect(refusal(mutated((payload) => (payload.version = 1)))).toMatch(new RegExp(`damaged: steps\\[${firstDelta}\\] shares parts with the step before it, which version 1 records never do`));
    // 10,000 empty messages once, then 2,000 steps that each share them all: a few hundred kilobytes asking for 20 million.
    const flood = mutated((payload) => {
      const steps = payload.steps as Record<string, unknown>[];
      const first = { ...steps[0]!, callId: 'flood', step: 1, request: { model: 'demo:scripted', messages: Array.from({ length: 10_000 }, () => ({ role: 'user', content: '' })), tools: [] } };
      steps.push(first, ...Array.from({ length: 2_000 }, (_, index) => ({ ...first, step: index + 2, request: { ...first.request, messages: [] }, sharedMessages: 10_000 })));
    });
    expect(refusal(flood)).toMatch(/damaged: its steps hold more than 2000000 messages in all/);
  });

  it('refuses files outside the project, duplicates and bad base64', () => {
    const files = (payload: Record<string, unknown>) => (payload.projectAtStart as { files: Record<string, string>[] }).files;
    expect(refusal(mutated((payload) => (files(payload)[0]!.path = '../../escape.txt')))).toMatch(/cannot be opened/);
    expect(refusal(mutated((payload) => (files(payload)[0]!.path = '/etc/passwd')))).toMatch(/absolute/);
    expect(refusal(mutated((payload) => files(payload).push({ ...files(payload)[0]! })))).toMatch(/more than once/);
    expect(refusal(mutated((payload) => (files(payload).find((file) => 'base64' in file)!.base64 = '@@@')))).toMatch(/not valid base64/);
  });

  it('refuses an oversized record before parsing it', () => {
    expect(refusal(' '.repeat(61 * 1024 * 1024))).toMatch(/larger than/);
    expect(refusal(mutated((payload) => (payload.events = Array.from({ length: 200_001 }, () => 0))))).toMatch(/200001 events/);
  });
});

describe('run link', () => {
  it('round-trips, leaving binary files out unless asked and saying which', () => {
    const withPdfs = encodeRunLink(record, { includeBinary: true });
    expect(withPdfs.fragment).toMatch(/^#wbrun2=\d+\./);
    expect(isRunLink(withPdfs.fragment)).toBe(true);
    const opened = decodeRunLink(`https://workerbench.example/${withPdfs.fragment}`);
    expect(opened.ok).toBe(true);
    if (opened.ok) expectSameRecord(opened.record, record);

    const textOnly = encodeRunLink(record, { includeBinary: false });
    expect(textOnly.excludedFiles.sort()).toEqual(['input/lumen-ledger.pdf', 'input/orbit-snacks.pdf', 'input/tidewater-robotics.pdf']);
    const light = decodeRunLink(textOnly.fragment);
    expect(light.ok && light.record.projectAtStart.missingFiles?.sort()).toEqual(textOnly.excludedFiles);
    expect(textOnly.length).toBeLessThan(withPdfs.length);
  });

  it('refuses cut-off, damaged and foreign links with the reason', () => {
    const { fragment } = encodeRunLink(record, { includeBinary: false });
    const cut = decodeRunLink(fragment.slice(0, Math.floor(fragment.length / 2)));
    expect(cut).toMatchObject({ ok: false, message: expect.stringMatching(/run link is incomplete/) });
    const flipped = fragment.slice(0, -10) + (fragment.at(-10) === 'A' ? 'B' : 'A') + fragment.slice(-9);
    expect(decodeRunLink(flipped)).toMatchObject({ ok: false, message: expect.stringMatching(/run link is damaged/) });
    expect(decodeRunLink('#wbrun9=4.abcd')).toMatchObject({ ok: false, message: expect.stringMatching(/format version 9.*newer/) });
    expect(decodeRunLink('#wb1=4.abcd')).toMatchObject({ ok: false, message: expect.stringMatching(/not a Workerbench run link/) });
    expect(isRunLink('#wb1=4.abcd')).toBe(false);
    // A well-formed link whose JSON is not a run record.
    const body = encodeBase64Url(zlibSync(encodeUtf8('{"format":"something-else"}')));
    expect(decodeRunLink(`#wbrun1=${body.length}.${body}`)).toMatchObject({ ok: false, message: expect.stringMatching(/not a Workerbench run record/) });
  });
});
