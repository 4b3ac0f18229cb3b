import { describe, expect, it } from 'vitest';
import type { CaseResult } from '@/lib/worker-tests/run-test-case';
import { totalsByModel } from './worker-test-totals';

function result(caseName: string, model: string, status: CaseResult['status'], input: number, output: number): CaseResult {
  return { caseName, model, status, runId: `${caseName}-${model}`, checks: [], message: '', tokens: { input, output }, durationMs: 10 };
}

describe('test totals', () => {
  it('counts passes, failures and errors, and adds tokens, per model', () => {
    const totals = totalsByModel(
      ['demo:scripted', 'openai:gpt-5', 'unused:model'],
      [result('a', 'demo:scripted', 'passed', 100, 20), result('b', 'demo:scripted', 'failed', 50, 5), result('a', 'openai:gpt-5', 'error', 7, 0), result('b', 'openai:gpt-5', 'stopped', 1, 1)],
    );
    expect(totals).toEqual([
      { model: 'demo:scripted', passed: 1, failed: 1, errors: 0, finished: 2, tokens: { input: 150, output: 25 }, durationMs: 20 },
      { model: 'openai:gpt-5', passed: 0, failed: 0, errors: 2, finished: 2, tokens: { input: 8, output: 1 }, durationMs: 20 },
      { model: 'unused:model', passed: 0, failed: 0, errors: 0, finished: 0, tokens: { input: 0, output: 0 }, durationMs: 0 },
    ]);
  });
});
