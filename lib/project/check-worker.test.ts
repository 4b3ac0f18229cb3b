import { describe, expect, it } from 'vitest';
import { checkNewWorker } from '@/lib/project/check-worker';

const existing = new Map([
  ['main', { path: 'main.worker' }],
  ['helper', { path: 'helper.worker' }],
]);
const files: Record<string, string> = { 'schemas/out.json': '{"type": "object"}' };
const readText = (path: string) => files[path];

describe('checkNewWorker (for worker_create)', () => {
  it('accepts a valid new worker and resolves its schemas', () => {
    const text = '---\nname: evaluator\ntoolsets:\n  workers: { allowed_workers: [helper] }\noutput_schema_ref: ../schemas/out.json\n---\nEvaluate.\n';
    const result = checkNewWorker({ text, path: 'generated/evaluator.worker', existingWorkers: existing, readText });
    expect(result.diagnostics).toEqual([]);
    expect(result.definition?.name).toBe('evaluator');
    expect(result.schemas.output).toEqual({ type: 'object' });
  });

  it('refuses a name already used by another worker', () => {
    const result = checkNewWorker({ text: '---\nname: helper\n---\n', path: 'generated/helper.worker', existingWorkers: existing, readText });
    expect(result.definition).toBeUndefined();
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'duplicate-name', line: 2, column: 7, message: expect.stringContaining('"helper.worker"') })]);
  });

  it('allows rewriting the same file under the same name', () => {
    expect(checkNewWorker({ text: '---\nname: helper\n---\n', path: 'helper.worker', existingWorkers: existing, readText }).definition?.name).toBe('helper');
  });

  it('refuses built-in tool names, unknown allowed workers and parse errors', () => {
    expect(checkNewWorker({ text: '---\nname: worker_call\n---\n', path: 'generated/x.worker', existingWorkers: existing, readText }).diagnostics.map((entry) => entry.code)).toEqual(['name-collision']);
    expect(checkNewWorker({ text: '---\nname: x\ntoolsets:\n  workers: { allowed_workers: [nobody] }\n---\n', path: 'generated/x.worker', existingWorkers: existing, readText }).diagnostics.map((entry) => entry.code)).toEqual(['unknown-worker']);
    expect(checkNewWorker({ text: '---\nname: bad name\n---\n', path: 'generated/x.worker', existingWorkers: existing, readText }).diagnostics.map((entry) => entry.code)).toEqual(['invalid-name']);
  });
});
