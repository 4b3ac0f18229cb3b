import { describe, expect, it } from 'vitest';
import { formatValue } from '@/components/run/format';
import { readNdjsonEvents } from '@/lib/model/client/proxy-client';
import { parseManifest } from '@/lib/project/parse-manifest';
import { decodeRunLink } from '@/lib/run-record/run-link';
import { parseRunRecordText } from '@/lib/run-record/run-record-codec';
import { deeplyNestedRunLink, syntheticRecordPayload, withRawArguments } from '@/lib/run-record/testing/synthetic-record';
import { toModelOutput } from '@/lib/runtime/tool-output';
import { validateStructuredOutput } from '@/lib/runtime/typed-io/structured-output';
import { decodeShareFragment } from '@/lib/share/share-link';
import { fragmentFromBytes } from '@/lib/share/testing/share-fragments';
import { boundedArchivedRun } from '@/lib/state/run-archive/bounded-archived-run';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import type { RunEvent } from '@/lib/runtime/events';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { zlibSync } from 'fflate';

/**
 * Hostile JSON through every entry point, the real parsers each time: 20,000
 * nested arrays (under 1 KB compressed) are refused with a sentence naming the
 * depth limit, or shown as that sentence, and nothing overflows the stack.
 */
const DEPTH = 20_000;
const deepText = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepValue = JSON.parse(deepText) as unknown;
const depthMessage = /nests deeper than 64 levels/;

describe('hostile JSON entry points', () => {
  it('a run link under 1 KB whose tool arguments nest 20,000 deep is refused, naming the limit and where', () => {
    const link = deeplyNestedRunLink(DEPTH);
    expect(link.length).toBeLessThan(1024);
    const result = decodeRunLink(link);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/^This run record nests deeper than 64 levels at events\[2\]\.args\[0\]/);
  });

  it('the same record as a .run.json file is refused the same way', () => {
    const result = parseRunRecordText(withRawArguments(syntheticRecordPayload({ calls: 1 }), deepText));
    expect(!result.ok && result.message).toMatch(depthMessage);
  });

  it('a record over the value count is refused before its schema is checked', () => {
    const wide = `[${'0,'.repeat(4_100_000)}0]`;
    const result = parseRunRecordText(withRawArguments(syntheticRecordPayload({ calls: 1 }), wide));
    expect(!result.ok && result.message).toMatch(/holds more than 4,000,000 values/);
  });

  it('a project link with a deep payload is refused', () => {
    const text = `{"format":"workerbench-project","version":1,"name":"x","files":[],"extra":${deepText}}`;
    const result = decodeShareFragment(fragmentFromBytes(zlibSync(encodeUtf8(text))));
    expect(!result.ok && result.error.message).toMatch(depthMessage);
  });

  it('a deep project.json (from a zip, a link or typed in) is a diagnostic, not a crash', () => {
    const parsed = parseManifest(`{"entry":"main","x":${deepText}}`);
    expect(parsed.diagnostics[0]).toMatchObject({ severity: 'error', message: expect.stringMatching(depthMessage) });
  });

  it("a tool's deep result is the tool's failure; a model's deep answer is a schema issue", () => {
    expect(() => toModelOutput({ rows: deepValue })).toThrow(depthMessage);
    const answer = validateStructuredOutput({ type: 'array' }, deepText);
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.issues[0]!.message).toMatch(/nests deeper than 64 levels/);
  });

  it("the model stream's deep tool arguments end the step with an error", async () => {
    const line = `{"type":"tool-call","toolCallId":"t","toolName":"x","args":${deepText}}\n`;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encodeUtf8(line));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readNdjsonEvents(body, new AbortController().signal)) events.push(event);
    expect(events).toEqual([{ type: 'error', error: { code: 'upstream_error', message: expect.stringMatching(depthMessage) } }]);
  });

  it('a kept run stored with deep events shows as a failed run with the reason, and reduces', () => {
    const payload = syntheticRecordPayload({ calls: 2, runId: 'kept' });
    const events = JSON.parse(withRawArguments(payload, deepText)).events as RunEvent[];
    const bounded = boundedArchivedRun('kept', events);
    const tree = reduceRunEvents(bounded);
    expect(tree.runs.kept).toMatchObject({ status: 'failed', error: { message: expect.stringMatching(depthMessage) } });
    expect(boundedArchivedRun('kept', payload.events as RunEvent[])).toEqual(payload.events);
  });

  it('a deep value renders as a sentence instead of throwing (the run view)', () => {
    expect(formatValue(deepValue)).toMatch(/^\(This value nests deeper than 64 levels/);
    expect(formatValue({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});
