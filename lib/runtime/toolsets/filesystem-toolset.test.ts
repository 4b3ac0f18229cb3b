import { describe, expect, it } from 'vitest';
import type { FileSystem } from '@/lib/vfs/file-system';
import { createFilesystemToolset, DEFAULT_READ_MAX_CHARS, READ_MAX_CHARS_LIMIT } from '@/lib/runtime/toolsets/filesystem-toolset';
import type { ToolContext } from '@/lib/runtime/toolsets/toolset';
import { createRunSession } from '@/lib/runtime/run-session';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';

function contextFor(sandbox: FileSystem): ToolContext {
  return {
    runId: 'run_1',
    callId: 'call_1',
    workerName: 'main',
    depth: 0,
    toolCallId: 'tc_1',
    sandbox,
    signal: new AbortController().signal,
    manifest: testProject([]).manifest,
    session: createRunSession(),
    findWorker: () => undefined,
    callWorker: async () => {
      throw new Error('not in this test');
    },
    fileReadAccess: () => ({ kind: 'allowed' }),
    authorizeFileRead: async () => undefined,
  };
}

function tool(name: string) {
  const found = createFilesystemToolset().tools.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(name);
  return found;
}

describe('filesystem toolset', () => {
  it('declares reads pre_approved and writes prompt', () => {
    expect(createFilesystemToolset().tools.map((candidate) => [candidate.name, candidate.defaultApproval])).toEqual([
      ['list_files', 'pre_approved'],
      ['read_file', 'pre_approved'],
      ['write_file', 'prompt'],
    ]);
  });

  it('list_files matches the glob relative to the listed folder and returns project-relative paths', async () => {
    const sandbox = await testSandbox({ 'input/a.pdf': 'x', 'input/b.txt': 'y', 'input/old/c.pdf': 'z', 'main.worker': 'w', 'top.pdf': 't' });
    const list = tool('list_files');
    // llm-do's call: list_files("input", "*.pdf") — one level, like pathlib's glob.
    expect(await list.execute({ path: 'input', pattern: '*.pdf' }, contextFor(sandbox))).toEqual({
      base: 'input',
      paths_relative_to: 'project root',
      files: [{ path: 'input/a.pdf', size: 1 }],
      total: 1,
      truncated: false,
    });
    const paths = async (args: Record<string, unknown>) =>
      ((await list.execute(args, contextFor(sandbox))) as { files: { path: string }[] }).files.map((file) => file.path);
    expect(await paths({ pattern: 'input/*.pdf' })).toEqual(['input/a.pdf']);
    expect(await paths({ path: '.', pattern: '*.pdf' })).toEqual(['top.pdf']);
    expect(await paths({})).toEqual(['input/a.pdf', 'input/b.txt', 'input/old/c.pdf', 'main.worker', 'top.pdf']);
    expect(await paths({ path: 'input', pattern: '**/*.pdf' })).toEqual(['input/a.pdf', 'input/old/c.pdf']);
    expect(await paths({ path: 'input' })).toEqual(['input/a.pdf', 'input/b.txt', 'input/old/c.pdf']);
    // The earlier project-relative habit still finds the files rather than silently none.
    expect(await paths({ path: 'input', pattern: 'input/*.pdf' })).toEqual(['input/a.pdf']);
    expect(await list.execute({ path: 'input/', pattern: '*.doc' }, contextFor(sandbox))).toMatchObject({ base: 'input', files: [], total: 0 });
  });

  it('read_file never returns a page larger than its limit, whatever max_chars asks', async () => {
    const sandbox = await testSandbox({ 'big.txt': 'x'.repeat(READ_MAX_CHARS_LIMIT + 10) });
    const read = tool('read_file');
    expect(read.inputSchema).toMatchObject({ properties: { max_chars: { maximum: READ_MAX_CHARS_LIMIT } } });
    const page = (await read.execute({ path: 'big.txt', max_chars: 1e9 }, contextFor(sandbox))) as { content: string; next_offset: number };
    expect(page.content.length).toBe(READ_MAX_CHARS_LIMIT);
    expect(page.next_offset).toBe(READ_MAX_CHARS_LIMIT);
  });

  it('read_file pages through long files and says so', async () => {
    const text = 'abcdefghij'.repeat(3);
    const sandbox = await testSandbox({ 'notes.txt': text });
    const read = tool('read_file');
    expect(await read.execute({ path: 'notes.txt', max_chars: 12 }, contextFor(sandbox))).toEqual({
      path: 'notes.txt',
      content: 'abcdefghijab',
      offset: 0,
      total_chars: 30,
      truncated: true,
      next_offset: 12,
    });
    expect(await read.execute({ path: '/notes.txt', offset: 24, max_chars: 12 }, contextFor(sandbox))).toEqual({
      path: 'notes.txt',
      content: 'efghij',
      offset: 24,
      total_chars: 30,
      truncated: false,
    });
    const whole = (await read.execute({ path: 'notes.txt' }, contextFor(sandbox))) as { truncated: boolean };
    expect(whole.truncated).toBe(false);
    expect(DEFAULT_READ_MAX_CHARS).toBeGreaterThan(30);
  });

  it('read_file refuses binary files with a clear message', async () => {
    const sandbox = await testSandbox({ 'input/deck.pdf': new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe]) });
    await expect(tool('read_file').execute({ path: 'input/deck.pdf' }, contextFor(sandbox))).rejects.toThrow(
      'input/deck.pdf is a binary file (application/pdf, 7 bytes) and cannot be read as text; pass it to a worker as an attachment instead.',
    );
  });

  it('refuses paths that escape the project', async () => {
    const sandbox = await testSandbox({ 'a.txt': 'a' });
    await expect(tool('read_file').execute({ path: '../other/secret.txt' }, contextFor(sandbox))).rejects.toThrow(/above the project root/);
    await expect(tool('write_file').execute({ path: '../x.txt', content: 'x' }, contextFor(sandbox))).rejects.toThrow(/above the project root/);
  });

  it('write_file really writes to the MemoryFileSystem-backed sandbox, through an approved run', async () => {
    const sandbox = await testSandbox();
    const scripted = createScriptedModel({
      main: [{ toolCalls: [{ toolName: 'write_file', input: { path: 'reports/summary.md', content: '# Summary\n' } }] }, { text: 'written' }],
    });
    const { outcome } = await runProject({
      project: testProject([testWorker('main', { toolsets: { filesystem: {} } })]),
      client: scripted.client,
      sandbox,
      approvals: [{ choice: 'approve_once' }],
    });
    expect(outcome.status).toBe('completed');
    expect(await sandbox.readText('reports/summary.md')).toBe('# Summary\n');
  });
});
