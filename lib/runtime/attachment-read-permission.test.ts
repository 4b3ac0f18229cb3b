import { describe, expect, it } from 'vitest';
import type { ApprovalResponse } from '@/lib/runtime/approval-handler';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { createScriptedModel, type ScriptedToolCall } from '@/lib/runtime/testing/scripted-model';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';
import type { ToolsetsConfig } from '@/lib/worker/worker-schema';

// Issue 9, item 5: passing a file to a child gives the child's model its contents,
// so it needs the same gate decision as the caller's read_file of that path.

const child = testWorker('child');
const byNamedTool: ScriptedToolCall = { id: 'c1', toolName: 'child', input: { input: 'Look.', attachments: ['secret.txt'] } };
const byCallWorker: ScriptedToolCall = { id: 'c1', toolName: 'call_worker', input: { worker: 'child', input: 'Look.', attachments: ['./secret.txt'] } };

async function pass(toolsets: ToolsetsConfig, call: ScriptedToolCall, approvals: ApprovalResponse[] = []) {
  const caller = testWorker('main', { toolsets: { ...toolsets, workers: { allowed_workers: ['child'] } } });
  const scripted = createScriptedModel({ main: [{ toolCalls: [call] }, { text: 'done' }], child: [{ text: 'seen' }] });
  const result = await runProject({
    project: testProject([caller, child]),
    client: scripted.client,
    sandbox: await testSandbox({ 'secret.txt': 'the secret' }),
    approvals,
  });
  const childAsked = scripted.requests.some((request) => request.workerName === 'child');
  return { ...result, childAsked, errors: eventsOfType(result.events, 'tool-error') };
}

describe('passing a file needs permission to read it', () => {
  it.each([
    ['no filesystem toolset', {}, 'it has no read_file'],
    ['read_file blocked', { filesystem: { approvals: { read_file: 'blocked' as const } } }, 'its read_file is blocked'],
  ])('refuses a caller with %s, on every path, before the child is asked', async (_case, toolsets, message) => {
    for (const call of [byNamedTool, byCallWorker]) {
      const { outcome, childAsked, errors, approvalRequests } = await pass(toolsets, call);
      expect(outcome.status).toBe('completed');
      expect(childAsked).toBe(false);
      expect(approvalRequests).toEqual([]);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ toolCallId: 'c1', error: { code: 'attachment_not_readable' } });
      expect(errors[0]!.error.message).toContain(message);
      expect(errors[0]!.error.message).toContain('"secret.txt"');
    }
  });

  it('refuses under reject_all when read_file would prompt', async () => {
    const caller = testWorker('main', { toolsets: { filesystem: { approvals: { read_file: 'prompt' } }, workers: { allowed_workers: ['child'] } } });
    const scripted = createScriptedModel({ main: [{ toolCalls: [byNamedTool] }, { text: 'done' }], child: [] });
    const { events } = await runProject({
      project: testProject([caller, child], { runtime: { approval_mode: 'reject_all' } }),
      client: scripted.client,
      sandbox: await testSandbox({ 'secret.txt': 'the secret' }),
    });
    expect(eventsOfType(events, 'tool-error')[0]?.error.code).toBe('attachment_not_readable');
  });

  it('asks the person as for read_file when the read would prompt, and honours the answer', async () => {
    const toolsets = { filesystem: { approvals: { read_file: 'prompt' as const } } };
    const denied = await pass(toolsets, byNamedTool, [{ choice: 'deny', reason: 'private' }]);
    expect(denied.approvalRequests.map((request) => [request.toolName, request.args])).toEqual([['read_file', { path: 'secret.txt' }]]);
    expect(denied.childAsked).toBe(false);
    expect(denied.errors[0]?.error.message).toContain('private');

    const approved = await pass(toolsets, byNamedTool, [{ choice: 'approve_once' }]);
    expect(approved.approvalRequests.map((request) => request.toolName)).toEqual(['read_file']);
    expect(approved.childAsked).toBe(true);
    expect(approved.errors).toEqual([]);
    const decision = eventsOfType(approved.events, 'approval-decision').find((event) => event.toolName === 'read_file');
    expect(decision).toMatchObject({ toolCallId: 'c1', choice: 'approve_once', automatic: false });
  });

  it('lets a caller that may read the file pass it, without a question', async () => {
    const { childAsked, errors, approvalRequests } = await pass({ filesystem: {} }, byNamedTool);
    expect(childAsked).toBe(true);
    expect(errors).toEqual([]);
    expect(approvalRequests).toEqual([]);
  });
});
