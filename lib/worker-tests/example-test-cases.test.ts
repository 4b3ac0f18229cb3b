import { beforeAll, describe, expect, it } from 'vitest';
import { createInProcessModelClient } from '@/lib/model/testing/in-process-model-client';
import { createDemoModel } from '@/lib/model/demo';
import { readSampleDeck, SAMPLE_DECK_FILES } from '@/lib/pdf/testing/sample-deck-texts';
import { createPdfTextExtractor } from '@/lib/pdf/extract-pdf-text';
import { loadNodePdfJs } from '@/lib/pdf/load-pdfjs-node';
import { discoverProject } from '@/lib/project/discover-project';
import { exampleProjectFiles } from '@/lib/project/example-project';
import { readTestFile } from '@/lib/project/test-files';
import type { PdfTextExtractor } from '@/lib/runtime/attachments/pdf-text-extractor';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { testSandbox } from '@/lib/runtime/testing/test-project';
import { runTestCase, type WorkerRunner } from './run-test-case';
import { inProcessRegexMatcher } from './safe-regex';

/**
 * The example project ships test cases for its evaluator: with the demo model they
 * pass on the three real sample decks, each through a real run (PDF text extraction
 * included). A changed verdict in the demo's heuristics, or a broken check, fails here.
 */
let extractPdfText: PdfTextExtractor;
beforeAll(async () => {
  extractPdfText = createPdfTextExtractor(await loadNodePdfJs());
});

describe('the example project test cases', () => {
  it('pass on the demo model, each case a run of deck_evaluator', async () => {
    const files: Record<string, string | Uint8Array> = {};
    for (const file of exampleProjectFiles()) files[file.path] = file.data;
    for (const name of SAMPLE_DECK_FILES) files[`input/${name}`] = await readSampleDeck(name);
    const sandbox = await testSandbox(files);
    const project = await discoverProject(sandbox);
    expect(project.diagnostics).toEqual([]);
    const parsed = readTestFile('deck_evaluator.tests.yaml', String(files['deck_evaluator.tests.yaml']), project.workerPaths);
    expect(parsed.diagnostics).toEqual([]);
    const suite = parsed.suite!;
    expect(suite.worker).toBe('deck_evaluator');

    const client = createInProcessModelClient(createDemoModel({ delayMs: 0 }));
    const run: WorkerRunner = async (request) => {
      const { outcome, events } = await runProject({
        project,
        sandbox,
        client,
        workerName: request.worker,
        input: String(request.input),
        extra: { model: request.model, attachments: request.attachments, modelSupportsPdf: () => false, extractPdfText },
      });
      const calls = Object.values(reduceRunEvents(events).calls);
      return { outcome, tokens: { input: calls.reduce((sum, call) => sum + call.usage.inputTokens, 0), output: calls.reduce((sum, call) => sum + call.usage.outputTokens, 0) } };
    };
    const results = [];
    for (const testCase of suite.cases) results.push(await runTestCase({ worker: suite.worker, testCase, model: 'demo:scripted', run, matchRegex: inProcessRegexMatcher }));
    expect(results.map((result) => [result.caseName, result.status, result.message])).toEqual(suite.cases.map((testCase) => [testCase.name, 'passed', `All ${testCase.checks.length} checks passed.`]));
    expect(results.every((result) => result.tokens.input > 0 && result.tokens.output > 0)).toBe(true);

    // The checks are not trivially true: the Tidewater case fails on Orbit's report.
    const swapped = { ...suite.cases[0]!, input: 'Evaluate the pitch deck input/orbit-snacks.pdf', attachments: ['input/orbit-snacks.pdf'] };
    const failing = await runTestCase({ worker: suite.worker, testCase: swapped, model: 'demo:scripted', run, matchRegex: inProcessRegexMatcher });
    expect(failing).toMatchObject({ status: 'failed', message: 'expected the output to contain "**Verdict: Invest**"; it does not' });
    expect(failing.checks.map((check) => check.passed)).toEqual([false, false]);
  });
});
