import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@/lib/runtime/events';
import { planResume } from './resume-plan';

const base = { runId: 'run-1', callId: 'call-1', parentCallId: null, workerName: 'main', depth: 0 };

function cutRun(): RunEvent[] {
  return [
    { ...base, type: 'run-start', timestamp: 1, input: '{"deck":"a.pdf"}', model: 'demo:scripted' },
    { ...base, type: 'worker-start', timestamp: 2, model: 'demo:scripted', input: { deck: 'a.pdf' }, attachments: [{ path: 'input/a.pdf', name: 'a.pdf', mimeType: 'application/pdf', size: 3 }] },
  ];
}

describe('planResume', () => {
  it('starts the same entry worker with its checked input, files and model', () => {
    const plan = planResume('run-1', cutRun(), []);
    expect(plan).toMatchObject({ workerName: 'main', input: { deck: 'a.pdf' }, attachments: ['input/a.pdf'], model: 'demo:scripted' });
    expect(plan.recorded.runId).toBe('run-1');
    expect(plan.recorded.call('')?.workerName).toBe('main');
  });

  it('refuses a run that ended, and one kept without its start', () => {
    const ended: RunEvent = { ...base, type: 'run-end', timestamp: 3, output: 'done', durationMs: 2 };
    expect(() => planResume('run-1', [...cutRun(), ended], [])).toThrow(/completed/);
    const stopped: RunEvent = { ...base, type: 'run-error', timestamp: 3, durationMs: 2, error: { code: 'aborted', message: 'The run was stopped.' } };
    expect(() => planResume('run-1', [...cutRun(), stopped], [])).toThrow(/only an interrupted run/);
    expect(() => planResume('run-1', cutRun().slice(1), [])).toThrow(/not kept from its start/);
  });
});
