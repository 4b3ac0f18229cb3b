import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '@/lib/runtime/approval-handler';
import { createApprovalAnswers, parseApprovalFlag } from './approval-answers';
import { createTerminalAsker } from './terminal-question';
import { UsageError } from './usage-error';

function question(toolName: string): ApprovalRequest {
  return {
    runId: 'run', approvalId: `approval-${toolName}`, callId: 'call', workerName: 'main', depth: 0, toolCallId: `tool-${toolName}`, toolName, args: { path: 'notes.md' },
    presentation: { title: 'Write notes.md', fields: [{ name: 'path', label: 'Path', format: 'text', value: 'notes.md', editable: true }] },
  };
}
const signal = new AbortController().signal;

describe('approval answers', () => {
  it('answers by flag: all, none, or the listed tools', async () => {
    expect(await createApprovalAnswers(parseApprovalFlag('all'), { stopRun: () => undefined }).handler(question('write_file'), signal)).toEqual({ choice: 'approve_once' });
    expect(await createApprovalAnswers(parseApprovalFlag('none'), { stopRun: () => undefined }).handler(question('write_file'), signal)).toMatchObject({ choice: 'deny' });
    let stopped = false;
    const listed = createApprovalAnswers(parseApprovalFlag('worker_create, write_file'), { stopRun: () => (stopped = true) });
    expect(await listed.handler(question('write_file'), signal)).toEqual({ choice: 'approve_once' });
    expect(listed.unanswered()).toBeNull();
    // Not listed, no terminal: the run stops, and the message names the flag.
    await listed.handler(question('remove_file'), signal);
    expect(stopped).toBe(true);
    expect(listed.unanswered()).toContain('--approve remove_file');
    expect(() => parseApprovalFlag(' , ')).toThrow(UsageError);
  });

  it('asks at the terminal one question at a time: approve, or deny with a reason', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = '';
    output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
    const answers = createApprovalAnswers({ kind: 'ask' }, { stopRun: () => undefined, ask: createTerminalAsker({ input: input as never, output, beforeAsking: () => undefined, afterAsking: () => undefined }) });
    const first = answers.handler(question('write_file'), signal);
    const second = answers.handler(question('worker_create'), signal);
    input.write('a\n');
    expect(await first).toEqual({ choice: 'approve_once' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    input.write('d\n');
    await new Promise((resolve) => setTimeout(resolve, 10));
    input.write('not now\n');
    expect(await second).toEqual({ choice: 'deny', reason: 'not now' });
    expect(shown).toContain('main wants to run write_file: Write notes.md');
    expect(shown).toContain('Path: notes.md');
  });
});
