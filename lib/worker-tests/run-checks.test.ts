import { describe, expect, it } from 'vitest';
import { jsonSchemaProblem } from '@/lib/json-schema/dialects';
import type { RunEvent } from '@/lib/runtime/events';
import { evaluateCase } from './evaluate-check';
import { parseTestFile } from './parse-test-file';
import { runFactsOf } from './run-facts';
import { inProcessRegexMatcher } from './safe-regex';
import type { TestCase } from './test-suite';

/** The checks on how a case's run went: tool_called, tool_not_called, max_steps, max_cost_usd, max_duration_ms. */
const base = { runId: 'run-1', parentCallId: null, depth: 0, timestamp: 0 };
const usage = { inputTokens: 1_000_000, outputTokens: 0 };
const EVENTS: RunEvent[] = [
  { ...base, callId: 'c1', workerName: 'main', type: 'worker-start', model: 'openai:gpt-5.4-mini', input: '', attachments: [] },
  { ...base, callId: 'c1', workerName: 'main', type: 'tool-call', toolCallId: 't1', toolName: 'read_file', args: {} },
  { ...base, callId: 'c1', workerName: 'main', type: 'step-finish', step: 1, usage },
  { ...base, callId: 'c2', parentCallId: 'c1', depth: 1, workerName: 'child', type: 'worker-start', model: 'demo:scripted', input: '', attachments: [] },
  { ...base, callId: 'c2', parentCallId: 'c1', depth: 1, workerName: 'child', type: 'tool-call', toolCallId: 't2', toolName: 'write_file', args: {} },
  { ...base, callId: 'c2', parentCallId: 'c1', depth: 1, workerName: 'child', type: 'step-finish', step: 1, usage },
  { ...base, callId: 'c2', parentCallId: 'c1', depth: 1, workerName: 'child', type: 'worker-end', status: 'completed', output: '', usage, durationMs: 5 },
  { ...base, callId: 'c1', workerName: 'main', type: 'step-finish', step: 2, usage },
  { ...base, callId: 'c1', workerName: 'main', type: 'worker-end', status: 'completed', output: '', usage: { inputTokens: 2_000_000, outputTokens: 0 }, durationMs: 9 },
];
const PRICES = (model: string) => (model === 'openai:gpt-5.4-mini' ? { inputPerMillion: 0.25, outputPerMillion: 2 } : model === 'demo:scripted' ? { inputPerMillion: 0, outputPerMillion: 0 } : undefined);

async function verdicts(yaml: string, facts = runFactsOf(EVENTS, 1500, PRICES)) {
  const parsed = parseTestFile(yaml, 'main.tests.yaml', { knownWorkers: new Set(['main']), workerBeside: 'main', schemaProblem: jsonSchemaProblem });
  expect(parsed.diagnostics).toEqual([]);
  const testCase: TestCase = parsed.suite!.cases[0]!;
  const verdict = await evaluateCase({ testCase, output: 'done', services: { matchRegex: inProcessRegexMatcher, grade: async () => ({ ok: false, error: 'none' }) }, facts });
  return verdict.checks.map((check) => [check.passed, check.message]);
}

describe('run checks', () => {
  it('reads tool calls, steps, cost and time from every worker of the run', async () => {
    const yaml = `cases:
  - name: budgets
    checks:
      - tool_called: write_file
      - tool_not_called: write_file
      - tool_not_called: worker_create
      - max_steps: 3
      - max_steps: 2
      - max_cost_usd: 0.5
      - max_cost_usd: 0.4
      - max_duration_ms: 2000
      - max_duration_ms: 1000
`;
    expect(await verdicts(yaml)).toEqual([
      [true, 'passed: calls write_file'],
      [false, 'expected no call of write_file; the run called it once'],
      [true, 'passed: never calls worker_create'],
      [true, 'passed: takes at most 3 model steps'],
      [false, 'expected at most 2 model steps; the run took 3'],
      [true, 'passed: costs at most $0.5'],
      [false, 'expected at most $0.4; the run cost about $0.500'],
      [true, 'passed: takes at most 2000 ms'],
      [false, 'expected at most 1000 ms; the run took 1500 ms'],
    ]);
  });

  it('never takes an unknown price as zero, and fails run checks when no events were kept', async () => {
    const yaml = 'cases:\n  - name: c\n    checks:\n      - max_cost_usd: 100\n';
    expect(await verdicts(yaml, runFactsOf(EVENTS, 1, () => undefined))).toEqual([[false, 'expected at most $100, but no price is known for demo:scripted, openai:gpt-5.4-mini']]);
    const missing = await evaluateCase({ testCase: { name: 'c', input: '', attachments: [], checks: [{ kind: 'max_steps', limit: 1 }] }, output: 'x', services: { matchRegex: inProcessRegexMatcher, grade: async () => ({ ok: false, error: '' }) } });
    expect(missing.checks[0]!.message).toContain("the run's events were not kept");
  });

  it('locates a bad limit or tool name in the file', () => {
    const parsed = parseTestFile('cases:\n  - name: c\n    checks:\n      - max_steps: 2.5\n      - max_cost_usd: -1\n      - tool_called: ""\n', 'main.tests.yaml', { knownWorkers: new Set(['main']), workerBeside: 'main', schemaProblem: jsonSchemaProblem });
    expect(parsed.suite).toBeUndefined();
    expect(parsed.diagnostics.map((diagnostic) => `${diagnostic.line}: ${diagnostic.message}`)).toEqual([
      '4: "max_steps" must be a whole number of 0 or more, but it is the decimal number 2.5',
      '5: "max_cost_usd" must be a number of 0 or more, but it is the number -1',
      '6: "tool_called" must be a non-empty text, but it is the text ""',
    ]);
  });
});
