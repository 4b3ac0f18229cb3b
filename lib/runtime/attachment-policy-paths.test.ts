import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';

/**
 * The rule: a worker's attachment_policy is enforced by one function on
 * every path that runs it — as the entry, as a named tool, through call_worker
 * and as a dynamic worker (dynamic-workers-toolset.test.ts covers worker_call).
 * Each path must refuse the same file with the same message before the
 * worker's model is ever asked.
 */
const scorer = testWorker('scorer', { attachment_policy: { max_attachments: 1, allowed_suffixes: ['.pdf'] } });
// The caller may read what it passes (attachment-read-permission.test.ts).
const caller = testWorker('main', { toolsets: { filesystem: {}, workers: { allowed_workers: ['scorer'] } } });
const expectedMessage = 'only .pdf files are allowed (allowed_suffixes)';

describe('attachment policy on every path', () => {
  it('refuses an entry run before any model call', async () => {
    const scripted = createScriptedModel({ scorer: [] });
    const { outcome } = await runProject({
      project: testProject([scorer]),
      workerName: 'scorer',
      client: scripted.client,
      sandbox: await testSandbox({ 'notes.md': '# notes' }),
      extra: { attachments: ['notes.md'] },
    });
    expect(outcome.status).toBe('failed');
    expect(outcome.status === 'failed' && outcome.error).toMatchObject({ code: 'attachment_error' });
    expect(outcome.status === 'failed' && outcome.error.message).toContain(expectedMessage);
    expect(scripted.requests).toEqual([]);
  });

  it.each([
    ['the named tool', { toolName: 'scorer', input: { input: 'score', attachments: ['notes.md'] } }],
    ['call_worker', { toolName: 'call_worker', input: { worker: 'scorer', input: 'score', attachments: ['notes.md'] } }],
  ])('refuses through %s before the child model is asked', async (_path, call) => {
    const scripted = createScriptedModel({ main: [{ toolCalls: [{ id: 'c1', ...call }] }, { text: 'noted' }], scorer: [] });
    const { outcome, events } = await runProject({
      project: testProject([caller, scorer]),
      client: scripted.client,
      sandbox: await testSandbox({ 'notes.md': '# notes' }),
    });
    expect(outcome.status).toBe('completed');
    expect(scripted.requests.map((request) => request.workerName)).toEqual(['main', 'main']);
    const [error] = eventsOfType(events, 'tool-error');
    expect(error).toMatchObject({ toolCallId: 'c1', error: { code: 'attachment_error' } });
    expect(error!.error.message).toContain(expectedMessage);
  });
});
