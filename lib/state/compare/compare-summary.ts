import type { CostTotal } from '@/lib/model/pricing/estimate-cost';
import { priceOfModel, type ModelPrice } from '@/lib/model/pricing/model-prices';
import { checkAgainstSchema } from '@/lib/json-schema/check-against-schema';
import type { RunTree } from '@/lib/run-tree/reduce-run-events';
import { costOfRun } from '@/lib/run-tree/run-cost';
import type { RunOutcome } from '@/lib/runtime/start-run';
import type { JsonSchema } from '@/lib/json-schema/json-schema';

/** One compared run in a row of the table: how it ended and what it took. */
export interface ComparedRunSummary {
  status: RunOutcome['status'];
  output: unknown;
  /** Against the worker's output schema; "none" when it has no schema. */
  schema: { verdict: 'valid' | 'invalid' | 'none'; problem?: string };
  /** Model steps of every worker call of the run, children included. */
  steps: number;
  tokens: { input: number; output: number };
  latencyMs: number;
  /** Estimated at the prices in force when summarized; partial when a model had no price. */
  cost: CostTotal;
  error?: string;
}

export interface SummarizeComparedRunOptions {
  tree: RunTree;
  outcome: RunOutcome;
  outputSchema: JsonSchema | undefined;
  latencyMs: number;
  /** The price table to cost the run with; the built-in one when absent. */
  priceOf?: (model: string) => ModelPrice | undefined;
}

export function summarizeComparedRun({
  tree,
  outcome,
  outputSchema,
  latencyMs,
  priceOf = (model) => priceOfModel(model),
}: SummarizeComparedRunOptions): ComparedRunSummary {
  let steps = 0;
  let input = 0;
  let output = 0;
  for (const call of Object.values(tree.calls)) {
    if (call.runId !== outcome.runId) continue;
    steps += call.steps;
    input += call.usage.inputTokens;
    output += call.usage.outputTokens;
  }
  const completed = outcome.status === 'completed';
  const problem = completed && outputSchema !== undefined ? checkAgainstSchema(outputSchema, outcome.output, 'output') : null;
  return {
    status: outcome.status,
    output: completed ? outcome.output : undefined,
    schema: outputSchema === undefined ? { verdict: 'none' } : !completed ? { verdict: 'invalid', problem: 'no output' } : problem === null ? { verdict: 'valid' } : { verdict: 'invalid', problem },
    steps,
    tokens: { input, output },
    latencyMs,
    cost: costOfRun(tree, outcome.runId, priceOf),
    ...(completed ? {} : { error: `${outcome.error.code}: ${outcome.error.message}` }),
  };
}
