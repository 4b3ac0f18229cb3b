import { describe, expect, it } from 'vitest';
import { createInProcessModelClient } from '@/lib/model/testing/in-process-model-client';
import { createDemoModel } from '@/lib/model/demo';
import { discoverProject } from '@/lib/project/discover-project';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createOverlayFileSystem } from '@/lib/vfs/overlay-file-system';
import { createProjectSandbox } from '@/lib/vfs/sandbox';
import { formatCostTotal } from '@/lib/model/pricing/format-cost';
import { summarizeComparedRun } from './compare-summary';

const ROOT = '/projects/compare';

async function projectOnDisk(): Promise<MemoryFileSystem> {
  const disk = new MemoryFileSystem({ now: () => 0 });
  const files: Record<string, string> = {
    'project.json': JSON.stringify({ entry: 'main', default_model: 'demo:scripted' }),
    'notes.txt': 'old',
    'main.worker': ['---', 'name: main', 'description: Writes files.', 'toolsets:', '  filesystem: { approvals: { write_file: pre_approved } }', '---', 'You write files when asked.', ''].join('\n'),
  };
  for (const [path, text] of Object.entries(files)) await disk.writeFile(`${ROOT}/${path}`, text);
  return disk;
}

/** Two runs of one worker, as Compare starts them: each in its own overlay of the same project. */
async function compareTwo(disk: MemoryFileSystem) {
  const client = createInProcessModelClient(createDemoModel({ delayMs: 0 }));
  const overlays = [createOverlayFileSystem(disk), createOverlayFileSystem(disk)];
  const runs = await Promise.all(
    overlays.map(async (overlay, index) => {
      const sandbox = createProjectSandbox(overlay, ROOT);
      const project = await discoverProject(sandbox);
      const started = Date.now();
      const result = await runProject({ project, client, sandbox, input: `write "from run ${index}" to notes.txt` });
      return { ...result, latencyMs: Date.now() - started, project };
    }),
  );
  return { overlays, runs };
}

describe('Compare: runs side by side', () => {
  it('keeps each run in its own overlay until one is applied', async () => {
    const disk = await projectOnDisk();
    const { overlays, runs } = await compareTwo(disk);
    expect(runs.map((run) => run.outcome.status)).toEqual(['completed', 'completed']);
    expect(await overlays[0]!.readText(`${ROOT}/notes.txt`)).toBe('from run 0');
    expect(await overlays[1]!.readText(`${ROOT}/notes.txt`)).toBe('from run 1');
    expect(await disk.readText(`${ROOT}/notes.txt`)).toBe('old');
    expect(await overlays[1]!.changes()).toEqual([{ path: `${ROOT}/notes.txt`, change: 'modified' }]);

    await overlays[1]!.applyToBase();
    expect(await disk.readText(`${ROOT}/notes.txt`)).toBe('from run 1');
  });

  it('sums steps and tokens over the run and checks the output against the schema', async () => {
    const disk = await projectOnDisk();
    const { runs } = await compareTwo(disk);
    const run = runs[0]!;
    const tree = reduceRunEvents(run.events);
    const summary = summarizeComparedRun({ tree, outcome: run.outcome, outputSchema: undefined, latencyMs: run.latencyMs });
    expect(summary.status).toBe('completed');
    expect(summary.steps).toBeGreaterThanOrEqual(2);
    expect(summary.tokens.input).toBeGreaterThan(0);
    expect(summary.schema).toEqual({ verdict: 'none' });

    expect(summarizeComparedRun({ tree, outcome: run.outcome, outputSchema: { type: 'string' }, latencyMs: 1 }).schema).toEqual({ verdict: 'valid' });
    const invalid = summarizeComparedRun({ tree, outcome: run.outcome, outputSchema: { type: 'object', required: ['score'] }, latencyMs: 1 }).schema;
    expect(invalid.verdict).toBe('invalid');
    expect(invalid.problem).toMatch(/object/);
  });

  it('totals the cost of the run: the demo model is a known $0, a priced model its tokens, an unpriced one unknown', async () => {
    const disk = await projectOnDisk();
    const { runs } = await compareTwo(disk);
    const run = runs[0]!;
    const tree = reduceRunEvents(run.events);
    const free = summarizeComparedRun({ tree, outcome: run.outcome, outputSchema: undefined, latencyMs: 1 });
    expect(free.cost).toEqual({ knownUsd: 0, pricedCalls: 1, unpricedModels: [] });
    expect(formatCostTotal(free.cost)).toBe('$0.00');

    const priced = summarizeComparedRun({ tree, outcome: run.outcome, outputSchema: undefined, latencyMs: 1, priceOf: () => ({ inputPerMillion: 1000, outputPerMillion: 2000 }) });
    const expected = (free.tokens.input * 1000 + free.tokens.output * 2000) / 1e6;
    expect(priced.cost.knownUsd).toBeCloseTo(expected, 12);
    expect(priced.cost.knownUsd).toBeGreaterThan(0);

    const unknown = summarizeComparedRun({ tree, outcome: run.outcome, outputSchema: undefined, latencyMs: 1, priceOf: () => undefined });
    expect(formatCostTotal(unknown.cost)).toBe('cost unknown');
  });

  it('reports a failed run with its error and no output', async () => {
    const disk = await projectOnDisk();
    const { runs } = await compareTwo(disk);
    const failed = { runId: runs[0]!.outcome.runId, status: 'failed' as const, error: { code: 'model_error', message: 'overloaded' }, durationMs: 5 };
    const summary = summarizeComparedRun({ tree: reduceRunEvents(runs[0]!.events), outcome: failed, outputSchema: { type: 'string' }, latencyMs: 5 });
    expect(summary).toMatchObject({ status: 'failed', output: undefined, schema: { verdict: 'invalid', problem: 'no output' }, error: 'model_error: overloaded' });
  });
});
