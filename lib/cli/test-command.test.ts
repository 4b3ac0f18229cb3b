import { existsSync, mkdtempSync, readFileSync, appendFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { exampleProjectFiles } from '@/lib/project/example-project';
import { runCli } from './testing/spawn-cli';

/**
 * `workerbench init` then `workerbench test` as a newcomer and a CI job run
 * them: the example project written from the IDE's files, its tests run on
 * the demo model, one case made to fail; the JUnit file read by a real XML
 * parser, as a CI server reads it.
 */
const FAILING_CASE = `
  - name: Deliberately failing budget
    input: Evaluate the pitch deck input/orbit-snacks.pdf
    attachments: [input/orbit-snacks.pdf]
    checks:
      - tool_not_called: write_file
      - max_steps: 0
`;

describe('workerbench init and test', () => {
  it('writes the example, runs its tests, exits 100 on a failing case and writes JUnit XML', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'workerbench-cli-test-'));
    const init = await runCli(['init', 'deals', '--example', 'pitch-deck'], { cwd: parent });
    expect(init.code).toBe(0);
    const folder = path.join(parent, 'deals');
    for (const file of exampleProjectFiles()) expect(readFileSync(path.join(folder, file.path), 'utf8')).toBe(file.data);
    expect(readdirSync(path.join(folder, 'input')).sort()).toEqual(['README.md', 'lumen-ledger.pdf', 'orbit-snacks.pdf', 'tidewater-robotics.pdf']);
    appendFileSync(path.join(folder, 'deck_evaluator.tests.yaml'), FAILING_CASE);

    const result = await runCli(['test', 'deals', '--filter', 'o', '-j', '2', '-o', 'results.junit.xml'], { cwd: parent, timeoutMs: 60_000 });
    expect(result.stderr).toContain('results: results.junit.xml');
    expect(result.code).toBe(100);
    expect(result.stdout).toMatch(/deck_evaluator\.tests\.yaml: Deliberately failing budget\s+FAIL/);
    expect(result.stdout).toMatch(/expected at most 0 model steps; the run took [1-9]/);

    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(path.join(parent, 'results.junit.xml'), 'utf8'));
    const suite = junit.testsuites.testsuite;
    expect(suite.name).toBe('deck_evaluator.tests.yaml · demo:scripted');
    const cases = [suite.testcase].flat() as Array<{ name: string; failure?: { message: string } }>;
    // --filter o: the cases whose name contains "o" (every case here, the file name matches it too).
    expect(cases.length).toBeGreaterThanOrEqual(4);
    expect(Number(junit.testsuites.tests)).toBe(cases.length);
    expect(Number(junit.testsuites.failures)).toBe(1);
    const failed = cases.filter((testCase) => testCase.failure !== undefined);
    expect(failed.map((testCase) => testCase.name)).toEqual(['Deliberately failing budget']);
    expect(failed[0]!.failure!.message).toBe('expected at most 0 model steps; the run took 1');
    // Each case ran in a scratch copy: nothing reached the project, and each kept its record.
    expect(existsSync(path.join(folder, 'evaluations'))).toBe(false);
    expect(readdirSync(path.join(folder, '.workerbench/runs')).filter((name) => name.endsWith('.run.json'))).toHaveLength(cases.length);
  });
});
