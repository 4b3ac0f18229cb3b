import { describe, expect, it } from 'vitest';
import type { ModelPrice } from '@/lib/model/pricing/model-prices';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { costOfRun } from '@/lib/run-tree/run-cost';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { createScriptedModel, partsStream, turnParts } from '@/lib/runtime/testing/scripted-model';
import { testProject, testWorker } from '@/lib/runtime/testing/test-project';

interface CachedTurnOptions {
  text: string;
  input: number;
  cached: number;
  output: number;
}

/** A model step whose provider read `cached` of its `input` tokens from the prompt cache. */
function cachedTurn({ text, input, cached, output }: CachedTurnOptions) {
  return () =>
    partsStream(
      turnParts({ text }).map((part) =>
        part.type === 'finish'
          ? { ...part, usage: { inputTokens: { total: input, noCache: input - cached, cacheRead: cached, cacheWrite: 0 }, outputTokens: { total: output, text: output, reasoning: undefined } } }
          : part,
      ),
    );
}

const PRICES: Record<string, ModelPrice> = {
  'mock:model': { inputPerMillion: 3, outputPerMillion: 15, cachedInputPerMillion: 0.3 },
  'mock:cheap': { inputPerMillion: 1, outputPerMillion: 2 },
};

describe('cost of a run', () => {
  it('carries cached input tokens from the model through the loop into the tree, and prices each call at its model', async () => {
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ id: 'c1', toolName: 'helper', input: { input: 'x' } }] }, cachedTurn({ text: 'main out', input: 20000, cached: 15000, output: 100 })],
      helper: [cachedTurn({ text: 'helper out', input: 4000, cached: 1000, output: 50 })],
    });
    const project = testProject([testWorker('main', { toolsets: { workers: { allowed_workers: ['helper'] } } }), testWorker('helper', { model: 'mock:cheap' })]);
    const { events, outcome } = await runProject({ project, client: scripted.client });
    expect(outcome.status).toBe('completed');
    const tree = reduceRunEvents(events);
    const root = tree.calls[tree.runs[outcome.runId]!.rootCallId]!;
    const helper = tree.calls[root.children[0]!]!;
    // The scripted model's first step reports 10 in / 5 out and no cache reads.
    expect(root.usage).toEqual({ inputTokens: 20_010, outputTokens: 105, cachedInputTokens: 15_000 });
    expect(helper).toMatchObject({ model: 'mock:cheap', usage: { inputTokens: 4000, outputTokens: 50, cachedInputTokens: 1000 } });

    const cost = costOfRun(tree, outcome.runId, (model) => PRICES[model]);
    // main: 5,010 × $3/M + 15,000 × $0.30/M + 105 × $15/M; helper (no cached price): 4,000 × $1/M + 50 × $2/M
    const main = (5010 * 3 + 15_000 * 0.3 + 105 * 15) / 1e6;
    const helperCost = (4000 * 1 + 50 * 2) / 1e6;
    expect(cost.knownUsd).toBeCloseTo(main + helperCost, 12);
    expect(cost).toMatchObject({ pricedCalls: 2, unpricedModels: [] });
  });

  it('is partial when one of the run’s models has no price', async () => {
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ id: 'c1', toolName: 'helper', input: { input: 'x' } }] }, { text: 'done' }],
      helper: [{ text: 'helper out' }],
    });
    const project = testProject([testWorker('main', { toolsets: { workers: { allowed_workers: ['helper'] } } }), testWorker('helper', { model: 'local:unknown' })]);
    const { events, outcome } = await runProject({ project, client: scripted.client });
    const cost = costOfRun(reduceRunEvents(events), outcome.runId, (model) => PRICES[model]);
    expect(cost).toEqual({ knownUsd: (20 * 3 + 10 * 15) / 1e6, pricedCalls: 1, unpricedModels: ['local:unknown'] });
  });
});
