import { describe, expect, it } from 'vitest';
import { createInProcessModelClient } from '@/lib/model/testing/in-process-model-client';
import { createDemoModel } from '@/lib/model/demo';
import { discoverProject } from '@/lib/project/discover-project';
import { readTestFile } from '@/lib/project/test-files';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { testSandbox } from '@/lib/runtime/testing/test-project';
import { runTestCase, type WorkerRunner } from './run-test-case';
import { inProcessRegexMatcher } from './safe-regex';
import { isTestFilePath, testFileBeside, workerFileBeside } from './test-file-path';

/**
 * A grader check end to end: the grader is a worker of the project, run (a real run,
 * demo model in process) on the case's output; its typed score decides the check.
 * The demo answers a schema's number with the middle of its range: 0.5 here.
 */
const GRADER = `---
name: grader
description: Scores an answer from 0 to 1.
output_schema: { type: object, required: [score], properties: { score: { type: number, minimum: 0, maximum: 1 } } }
---
Score the output you are given from 0 (useless) to 1 (perfect).
`;

const TESTS = `cases:
  - name: greets
    input: hello there
    checks:
      - contains: hello there
      - grader: grader
        min_score: 0.5
        criteria: It repeats the greeting
  - name: too strict
    input: hello there
    checks:
      - grader: grader
        min_score: 0.6
`;

describe('grader checks', () => {
  it('run the grader worker on the output and compare its score', async () => {
    const sandbox = await testSandbox({
      'project.json': '{"entry": "main"}',
      'main.worker': '---\nname: main\n---\nAnswer briefly.\n',
      'grader.worker': GRADER,
      'main.tests.yaml': TESTS,
    });
    const project = await discoverProject(sandbox);
    expect(project.diagnostics).toEqual([]);
    const suite = readTestFile('main.tests.yaml', TESTS, project.workerPaths).suite!;
    const requests: Array<{ worker: string; input: unknown; model: string }> = [];
    const client = createInProcessModelClient(createDemoModel({ delayMs: 0 }));
    const run: WorkerRunner = async (request) => {
      requests.push({ worker: request.worker, input: request.input, model: request.model });
      const { outcome } = await runProject({ project, sandbox, client, workerName: request.worker, input: String(request.input), extra: { model: request.model } });
      return { outcome, tokens: { input: 10, output: 1 } };
    };
    const [greets, strict] = suite.cases;
    const passed = await runTestCase({ worker: suite.worker, testCase: greets!, model: 'demo:scripted', run, matchRegex: inProcessRegexMatcher });
    expect(passed).toMatchObject({ status: 'passed', tokens: { input: 20, output: 2 } });
    expect(passed.checks[1]).toMatchObject({ passed: true, message: 'passed: grader scored 0.5 (needs 0.5)' });
    expect(passed.checks[1]?.graderRunId).toMatch(/^run/);
    expect(requests.map((request) => request.worker)).toEqual(['main', 'grader']);
    expect(String(requests[1]!.input)).toContain('Criteria: It repeats the greeting');
    expect(String(requests[1]!.input)).toMatch(/Its output:\n\[demo\]/);

    const failed = await runTestCase({ worker: suite.worker, testCase: strict!, model: 'demo:scripted', run, matchRegex: inProcessRegexMatcher });
    expect(failed).toMatchObject({ status: 'failed', message: 'grader scored 0.5; it needs 0.6 or more' });
  });

  it('pair tests files with worker files by name', () => {
    expect(isTestFilePath('a/evaluator.tests.yaml')).toBe(true);
    expect(isTestFilePath('evaluator.tests.yml')).toBe(true);
    expect(isTestFilePath('.tests.yaml')).toBe(false);
    expect(isTestFilePath('a/.tests.yaml')).toBe(false);
    expect(isTestFilePath('tests.yaml')).toBe(false);
    expect(workerFileBeside('a/evaluator.tests.yaml')).toBe('a/evaluator.worker');
    expect(workerFileBeside('notes.yaml')).toBeNull();
    expect(testFileBeside('a/evaluator.worker')).toBe('a/evaluator.tests.yaml');
  });
});
