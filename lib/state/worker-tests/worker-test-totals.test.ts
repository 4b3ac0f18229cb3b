import { describe, expect, it } from 'vitest';
import type { CaseResult } from '@/lib/worker-tests/run-test-case';
import { totalsByModel } from './worker-test-totals';

interface ResultOptions {
  caseName: string;
  model: string;
  status: CaseResult['status'];
  input: number;
  output: number;
}

function result({ caseName, model, status, input, output }: ResultOptions): CaseResult {
  return { caseName, model, status, runId: `${caseName}-${model}`, checks: [], message: '', tokens: { input, output }, durationMs: 10 };
}

describe('test totals', () => {
  it('counts passes, failures and errors, and adds tokens, per model', () => {
    const totals = totalsByModel(
      ['demo:scripted', 'openai:gpt-5', 'unused:model'],
      [result({ caseName: 'a', model: 'demo:scripted', status: 'passed', input: 100, output: 20 }), result({ caseName: 'b', model: 'demo:scripted', status: 'failed', input: 50, output: 5 }), result({ caseName: 'a', model: 'openai:gpt-5', status: 'error', input: 7, output: 0 }), result({ caseName: 'b', model: 'openai:gpt-5', status: 'stopped', input: 1, output: 1 })],
    );
    expect(totals).toEqual([
      { model: 'demo:scripted', passed: 1, failed: 1, errors: 0, finished: 2, tokens: { input: 150, output: 25 }, durationMs: 20 },
      { model: 'openai:gpt-5', passed: 0, failed: 0, errors: 2, finished: 2, tokens: { input: 8, output: 1 }, durationMs: 20 },
      { model: 'unused:model', passed: 0, failed: 0, errors: 0, finished: 0, tokens: { input: 0, output: 0 }, durationMs: 0 },
    ]);
  });
});
