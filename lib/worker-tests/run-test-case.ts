import { priceOfModel, type ModelPrice } from '@/lib/model/pricing/model-prices';
import type { RunFactEvent } from './run-fact-event';
import { evaluateCase, type CheckResult } from './evaluate-check';
import { runFactsOf } from './run-facts';
import type { RegexMatcher } from './safe-regex';
import type { TestCase } from './test-suite';

/**
 * Runs one test case on one model and checks its output. The run itself is the
 * platform's (in the browser: a normal kept run in a scratch copy of the project), so
 * this stays platform-independent and testable with the demo model in process.
 */
export interface WorkerRunRequest {
  worker: string;
  input: unknown;
  attachments: readonly string[];
  model: string;
}

/**
 * How a run ended, as the runner reports it. Written here, not imported from the runtime, so
 * worker tests (which lib/project reads) depend on no loop: the runtime's RunOutcome fits it.
 */
export type WorkerRunOutcome =
  | { runId: string; status: 'completed'; output: unknown; durationMs: number }
  | { runId: string; status: 'failed' | 'aborted'; error: { code: string; message: string }; durationMs: number };

export interface WorkerRunResult {
  outcome: WorkerRunOutcome;
  tokens: { input: number; output: number };
  /** The run's events, for the checks on how it went (tool_called, max_steps, max_cost_usd, …). */
  events?: readonly RunFactEvent[];
}

export type WorkerRunner = (request: WorkerRunRequest) => Promise<WorkerRunResult>;

export type CaseStatus = 'passed' | 'failed' | 'error' | 'stopped';

export interface CaseResult {
  caseName: string;
  model: string;
  status: CaseStatus;
  /** The case's run, to open it from the results table. */
  runId: string;
  checks: CheckResult[];
  /** Why it did not pass: the first failing check, or how the run ended. */
  message: string;
  /** The case's run and its graders' runs together. */
  tokens: { input: number; output: number };
  durationMs: number;
}

export async function runTestCase(options: {
  worker: string;
  testCase: TestCase;
  model: string;
  run: WorkerRunner;
  matchRegex: RegexMatcher;
  /** Prices for max_cost_usd (the IDE passes the person's overrides); the shipped prices otherwise. */
  priceOf?: (model: string) => ModelPrice | undefined;
}): Promise<CaseResult> {
  const { testCase, model } = options;
  const tokens = { input: 0, output: 0 };
  const counted = async (request: WorkerRunRequest): Promise<WorkerRunResult> => {
    const result = await options.run(request);
    tokens.input += result.tokens.input;
    tokens.output += result.tokens.output;
    return result;
  };
  const { outcome, events } = await counted({ worker: options.worker, input: testCase.input, attachments: testCase.attachments, model });
  const base = { caseName: testCase.name, model, runId: outcome.runId, durationMs: outcome.durationMs };
  if (outcome.status !== 'completed') {
    const stopped = outcome.status === 'aborted';
    return { ...base, status: stopped ? 'stopped' : 'error', checks: [], message: stopped ? 'Stopped before it finished.' : `The run failed: ${outcome.error.code}: ${outcome.error.message}`, tokens };
  }
  const facts = events === undefined ? undefined : runFactsOf(events, outcome.durationMs, options.priceOf ?? ((id) => priceOfModel(id)));
  const verdict = await evaluateCase({
    testCase,
    output: outcome.output,
    services: {
      matchRegex: options.matchRegex,
      grade: async (check, input) => {
        const graded = await counted({ worker: check.worker, input, attachments: [], model: check.model ?? model });
        const ran = graded.outcome;
        return ran.status === 'completed' ? { ok: true, runId: ran.runId, output: ran.output } : { ok: false, runId: ran.runId, error: `${ran.error.code}: ${ran.error.message}` };
      },
    },
    facts,
  });
  const failing = verdict.checks.find((check) => !check.passed);
  return { ...base, status: verdict.passed ? 'passed' : 'failed', checks: verdict.checks, message: failing?.message ?? `All ${verdict.checks.length} checks passed.`, tokens };
}
