import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ModelStepClient } from '@/lib/model/protocol/step-protocol';
import { createPdfTextExtractor } from '@/lib/pdf/extract-pdf-text';
import { loadNodePdfJs } from '@/lib/pdf/load-pdfjs-node';
import { discoverProject } from '@/lib/project/discover-project';
import { buildRecordedRun } from '@/lib/runtime/recorded-run/recorded-run';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testSandbox } from '@/lib/runtime/testing/test-project';
import { readFileSync } from 'node:fs';
import type { RunRecord } from './run-record';
import { parseRunRecordText } from './run-record-codec';
import { callPathsFromEvents } from '@/lib/runtime/recorded-run/call-path';
import { canonicalJson } from '@/lib/runtime/canonical-json';
import { EXAMPLE_RECORD_PATH, recordExampleRun, recordExampleRunWithFiles, sandboxFiles } from './testing/record-example-run';

/**
 * The example's recorded pitch-deck run (shipped for the one-click replay)
 * is what the example does today, and replays offline: read back from its
 * file, on a copy of the files it started from, with no model at all, it gives
 * the recorded output and writes the same reports.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const noModel: ModelStepClient = {
  step: () => {
    throw new Error('a replay asked the model');
  },
} as unknown as ModelStepClient;

async function replay(record: RunRecord) {
  const sandbox = await testSandbox(Object.fromEntries(record.projectAtStart.files.map((file) => [file.path, file.data])));
  const project = await discoverProject(sandbox);
  const result = await runProject({
    project,
    sandbox,
    client: noModel,
    input: '',
    extra: {
      model: 'demo:scripted',
      recorded: buildRecordedRun({ runId: record.runId, events: record.events, steps: record.steps, mode: 'replay' }),
      modelSupportsPdf: (model) => !model.startsWith('demo:'),
      extractPdfText: createPdfTextExtractor(await loadNodePdfJs()),
    },
  });
  return { ...result, sandbox };
}

describe('the example recorded run', () => {
  it('is the run the example makes today (npm run examples:record rewrites it)', async () => {
    const shipped = parseRunRecordText(readFileSync(path.join(repositoryRoot, EXAMPLE_RECORD_PATH), 'utf8'));
    if (!shipped.ok) throw new Error(shipped.message);
    // The evaluators run concurrently, so event order and timestamps vary from one recording to the
    // next; what a replay needs does not: every worker call's model steps, by call path and step.
    const fresh = await recordExampleRun(repositoryRoot);
    expect(modelSteps(fresh), 'the shipped example record is stale: run `npm run examples:record`').toEqual(modelSteps(shipped.record));
    expect(shipped.record.projectAtStart.files.map((file) => file.path)).toEqual(fresh.projectAtStart.files.map((file) => file.path));
  });

  it('exported, imported and replayed offline gives the recorded output and the same reports', async () => {
    const parsed = parseRunRecordText(readFileSync(path.join(repositoryRoot, EXAMPLE_RECORD_PATH), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    const record = parsed.record;
    const replayed = await replay(record);
    const recordedEnd = eventsOfType(record.events, 'run-end')[0]!;
    expect(replayed.outcome).toMatchObject({ status: 'completed', output: recordedEnd.output });
    const written = eventsOfType(record.events, 'tool-result').filter((event) => event.toolName === 'write_file');
    expect(written.length).toBeGreaterThanOrEqual(4);
    expect(eventsOfType(replayed.events, 'tool-result').filter((event) => event.toolName === 'write_file').map((event) => event.result)).toEqual(written.map((event) => event.result));
    expect(await replayed.sandbox.readText('evaluations/summary.md')).toContain('Verdict');
    // The same files come out, byte for byte, as the recorded run left them.
    const { filesAfter } = await recordExampleRunWithFiles(repositoryRoot);
    const replayedFiles = await sandboxFiles(replayed.sandbox);
    expect([...replayedFiles.keys()].sort()).toEqual([...filesAfter.keys()].sort());
    for (const [path, bytes] of filesAfter) expect(Buffer.from(replayedFiles.get(path)!).equals(Buffer.from(bytes)), path).toBe(true);
  });
});

/** Each model step's request and response, keyed by its call's path and its step: independent of timing. */
function modelSteps(record: RunRecord): Record<string, string> {
  const paths = callPathsFromEvents(record.events);
  return Object.fromEntries(record.steps.map((step) => [`${paths.get(step.callId)}#${step.step}`, canonicalJson({ request: step.request, response: step.response })]));
}
