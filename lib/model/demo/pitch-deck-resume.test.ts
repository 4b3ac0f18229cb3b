import { beforeAll, describe, expect, it } from 'vitest';
import { createInProcessModelClient } from '@/lib/model/testing/in-process-model-client';
import { createDemoModel } from '@/lib/model/demo';
import { createPdfTextExtractor } from '@/lib/pdf/extract-pdf-text';
import { loadNodePdfJs } from '@/lib/pdf/load-pdfjs-node';
import { discoverProject } from '@/lib/project/discover-project';
import { exampleProjectFiles } from '@/lib/project/example-project';
import type { PdfTextExtractor } from '@/lib/runtime/attachments/pdf-text-extractor';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import { createRunSession } from '@/lib/runtime/run-session';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testSandbox } from '@/lib/runtime/testing/test-project';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import type { RecordedRun } from '@/lib/runtime/recorded-run/recorded-run';
import { interruptedRecord } from '@/lib/runtime/recorded-run/testing/interrupted-run';
import type { FileSystem } from '@/lib/vfs/file-system';
import { readSampleDeck, SAMPLE_DECK_FILES } from '@/lib/pdf/testing/sample-deck-texts';

/**
 * Resume of the flagship flow, offline: a run cut off while its evaluators
 * waited for the model resumes in a fresh session (as after a reload): the
 * evaluator worker_create made is restored, not created again, and not asked
 * about; the evaluators run; the reports and the summary are written.
 */
let extractPdfText: PdfTextExtractor;
beforeAll(async () => {
  extractPdfText = createPdfTextExtractor(await loadNodePdfJs());
});

async function exampleSandbox(): Promise<FileSystem> {
  const files: Record<string, string | Uint8Array> = {};
  for (const file of exampleProjectFiles()) files[file.path] = file.data;
  for (const name of SAMPLE_DECK_FILES) files[`input/${name}`] = await readSampleDeck(name);
  return testSandbox(files);
}

async function runExample(sandbox: FileSystem, approvals: ApprovalResponse[], recorded?: RecordedRun) {
  const project = await discoverProject(sandbox);
  const steps: ModelStepRecord[] = [];
  const result = await runProject({
    project,
    sandbox,
    client: createInProcessModelClient(createDemoModel({ delayMs: 0 })),
    input: '',
    approvals,
    extra: {
      // A fresh session, as after a reload: the created evaluator is not known to it.
      session: createRunSession(),
      modelSupportsPdf: (model) => !model.startsWith('demo:'),
      extractPdfText,
      recordStep: (step) => steps.push(step),
      ...(recorded === undefined ? {} : { recorded }),
    },
  });
  return { ...result, steps };
}

describe('pitch-deck example: resume after a reload', () => {
  it('restores the created evaluator and completes, asking nothing again', async () => {
    const sandbox = await exampleSandbox();
    const original = await runExample(sandbox, [{ choice: 'approve_once' }]);
    expect(original.outcome.status).toBe('completed');
    // The reload came right after the third evaluator started (the others may have gone further).
    let evaluatorsStarted = 0;
    const record = interruptedRecord(original.events, original.steps, (event) => {
      if (evaluatorsStarted === 3) return true;
      if (event.type === 'worker-start' && event.workerName === 'pitch_evaluator') evaluatorsStarted += 1;
      return false;
    });
    await sandbox.remove('evaluations');

    const resumed = await runExample(sandbox, [], record.recorded);
    expect(resumed.outcome, JSON.stringify(resumed.outcome)).toMatchObject({ status: 'completed' });
    expect(resumed.approvalRequests).toEqual([]);
    // An evaluator whose result was recorded is not run again; the others resume.
    const recordedResults = eventsOfType(record.events, 'tool-result').filter((event) => event.toolName === 'pitch_evaluator').length;
    expect(recordedResults).toBeLessThan(3);
    expect(eventsOfType(resumed.events, 'worker-start').filter((event) => event.workerName === 'pitch_evaluator')).toHaveLength(3 - recordedResults);
    // worker_create was told from the record, not run again.
    expect(eventsOfType(resumed.events, 'tool-result').filter((event) => event.toolName === 'worker_create')).toHaveLength(1);
    expect(await sandbox.readText('evaluations/summary.md')).toContain('#');
  }, 60_000);
});
