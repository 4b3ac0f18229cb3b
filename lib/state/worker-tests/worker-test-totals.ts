import type { CaseResult } from '@/lib/worker-tests/run-test-case';

/** One model's column footer in the results table: how many cases passed, and what they took. */
export interface ModelTotals {
  model: string;
  passed: number;
  failed: number;
  /** Runs that failed or were stopped before any check could run. */
  errors: number;
  /** Cases with a result so far. */
  finished: number;
  tokens: { input: number; output: number };
  durationMs: number;
}

export function totalsByModel(models: readonly string[], results: readonly CaseResult[]): ModelTotals[] {
  return models.map((model) => {
    const totals: ModelTotals = { model, passed: 0, failed: 0, errors: 0, finished: 0, tokens: { input: 0, output: 0 }, durationMs: 0 };
    for (const result of results) {
      if (result.model !== model) continue;
      totals.finished += 1;
      if (result.status === 'passed') totals.passed += 1;
      else if (result.status === 'failed') totals.failed += 1;
      else totals.errors += 1;
      totals.tokens.input += result.tokens.input;
      totals.tokens.output += result.tokens.output;
      totals.durationMs += result.durationMs;
    }
    return totals;
  });
}
