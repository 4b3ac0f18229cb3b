import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '@/lib/runtime/approval-handler';
import type { PendingApproval } from './approval-bridge';
import { createRunOwner } from './run-owner';

function question(approvalId: string): ApprovalRequest {
  return { runId: 'run-1', approvalId, callId: 'call-1', workerName: 'main', depth: 0, toolCallId: `tool-${approvalId}`, toolName: 'write_file', args: {}, presentation: { fields: [] } };
}

describe('run owner', () => {
  it('publishes the current run’s questions and hands an answer to the waiting call', async () => {
    const owner = createRunOwner();
    const published: PendingApproval[][] = [];
    const run = owner.begin('demo', (pending) => published.push(pending));
    const answered = run.approvals.handler(question('a1'), run.signal);
    expect(published.at(-1)?.map((pending) => pending.approvalId)).toEqual(['a1']);
    owner.answer('a1', { choice: 'approve_once' });
    await expect(answered).resolves.toEqual({ choice: 'approve_once' });
    expect(published.at(-1)).toEqual([]);
    expect(owner.currentProject()).toBe('demo');
    owner.end(run);
    expect(owner.currentProject()).toBeNull();
  });

  it('stops the current run: its signal aborts and its waiting questions are refused at once', async () => {
    const owner = createRunOwner();
    const run = owner.begin('demo', () => undefined);
    const waiting = run.approvals.handler(question('a1'), run.signal);
    expect(owner.stop()).toBe(true);
    expect(run.signal.aborted).toBe(true);
    await expect(waiting).rejects.toThrow('stopped');
    owner.end(run);
    expect(owner.stop()).toBe(false);
  });

  it('a run that took over is left alone when the older one ends, and only its questions are published', async () => {
    const owner = createRunOwner();
    const olderSeen: PendingApproval[][] = [];
    const older = owner.begin('one', (pending) => olderSeen.push(pending));
    const newer = owner.begin('two', () => undefined);
    void older.approvals.handler(question('old'), older.signal).catch(() => undefined);
    expect(olderSeen).toEqual([]);
    owner.end(older);
    expect(owner.currentProject()).toBe('two');
    expect(owner.stop()).toBe(true);
    expect(newer.signal.aborted).toBe(true);
    expect(older.signal.aborted).toBe(false);
  });
});
