import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunRecordText } from '@/lib/run-record/run-record-codec';
import { startStandInServer, type ReceivedRequest, type StandInServer } from '@/lib/model/testing/stand-in-server';
import type { StandInReply } from '@/lib/model/testing/stand-in-reply';
import { cleanEnvironment, runCli, writeProjectFolder } from './testing/spawn-cli';

/**
 * `workerbench run` as a CI job runs it: a child process, no terminal, an
 * OpenAI stand-in on loopback. The worker writes a file (write_file asks by
 * default), so each way of answering approvals shows in what it wrote.
 */
const API_KEY = 'sk-cli-test-0000';

function inputItems(request: ReceivedRequest): Array<Record<string, unknown>> {
  return (request.body.input as Array<Record<string, unknown>> | undefined) ?? [];
}

/** First step: write a file; then: say what the tool answered. */
function writerScript(request: ReceivedRequest): StandInReply {
  const outputs = inputItems(request).filter((item) => item.type === 'function_call_output');
  if (outputs.length === 0) return { kind: 'answer', toolCalls: [{ id: 'call_write', name: 'write_file', input: { path: 'notes/out.txt', content: 'saved by the worker' } }] };
  return { kind: 'answer', text: `tool said: ${JSON.stringify(outputs.map((output) => output.output))}` };
}

const WORKER = `---
name: main
description: Writes a note.
model: openai:gpt-5.4-mini
toolsets:
  filesystem: {}
---
Write a note to notes/out.txt, then say what happened.
`;

let standIn: StandInServer;
let env: Record<string, string>;

beforeAll(async () => {
  standIn = await startStandInServer({ answer: writerScript, apiKey: API_KEY });
  env = cleanEnvironment({ OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: `${standIn.origin}/v1` });
});
afterAll(() => standIn.close());

function project(manifest: Record<string, unknown> = {}): string {
  return writeProjectFolder({
    'project.json': JSON.stringify({ name: 'cli-run', entry: 'main', ...manifest }),
    'main.worker': WORKER,
    'input/brief.md': 'ATTACHED-MARKER-42\n',
  });
}

describe('workerbench run', () => {
  it('reads the input from stdin, attaches files, approves by flag, prints the output and writes a record', async () => {
    const folder = project();
    const before = standIn.requests.length;
    const result = await runCli(['run', '.', 'main', '--attach', 'input/brief.md', '--approve', 'write_file'], { cwd: folder, env, stdin: 'PIPED-INPUT-7' });
    expect(result.stderr).toContain('completed');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('tool said:');
    expect(readFileSync(path.join(folder, 'notes/out.txt'), 'utf8')).toBe('saved by the worker');
    const sent = JSON.stringify(standIn.requests.slice(before)[0]!.body);
    expect(sent).toContain('PIPED-INPUT-7');
    expect(sent.includes('ATTACHED-MARKER-42') || sent.includes(Buffer.from('ATTACHED-MARKER-42\n').toString('base64'))).toBe(true);
    // The record is the IDE's format, and hidden from the project's own tools.
    const records = readdirSync(path.join(folder, '.workerbench/runs'));
    expect(records).toHaveLength(1);
    const read = parseRunRecordText(readFileSync(path.join(folder, '.workerbench/runs', records[0]!), 'utf8'));
    expect(read.ok).toBe(true);
    if (read.ok) {
      expect(read.record.events.at(-1)?.type).toBe('run-end');
      expect(read.record.steps).toHaveLength(2);
      expect(read.record.projectAtStart.files.map((file) => file.path)).toEqual(['input/brief.md', 'main.worker', 'project.json']);
    }
  });

  it('denies every question with --approve none: the model is told, nothing is written', async () => {
    const folder = project();
    const result = await runCli(['run', '.', 'main', 'go', '--approve', 'none'], { cwd: folder, env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('denied');
    expect(existsSync(path.join(folder, 'notes/out.txt'))).toBe(false);
  });

  it('without a terminal, a question nobody answers fails the run and names the flag', async () => {
    const folder = project();
    const result = await runCli(['run', '.', 'main', 'go'], { cwd: folder, env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--approve write_file');
    expect(existsSync(path.join(folder, 'notes/out.txt'))).toBe(false);
  });

  it("counts the project's approve_all only with --trust-project", async () => {
    const folder = project({ runtime: { approval_mode: 'approve_all' } });
    const untrusted = await runCli(['run', '.', 'main', 'go'], { cwd: folder, env });
    expect(untrusted.code).toBe(1);
    expect(untrusted.stderr).toContain('--approve');
    const trusted = await runCli(['run', '.', 'main', 'go', '--trust-project', '--json'], { cwd: folder, env });
    expect(trusted.code).toBe(0);
    expect(existsSync(path.join(folder, 'notes/out.txt'))).toBe(true);
    // --json: every progress line on stderr is an event.
    const events = trusted.stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { type: string });
    expect(events[0]?.type).toBe('run-start');
    expect(events.some((event) => event.type === 'approval-decision')).toBe(true);
  });

  it('exits 2 on bad usage: an unknown worker, a model without its key', async () => {
    const folder = project();
    const unknown = await runCli(['run', '.', 'nope'], { cwd: folder, env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no worker named nope');
    const keyless = await runCli(['run', '.', 'main', 'go', '--model', 'anthropic:claude-sonnet-4-5'], { cwd: folder, env });
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toContain('ANTHROPIC_API_KEY');
  });
});
