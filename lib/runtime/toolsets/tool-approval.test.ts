import { describe, expect, it } from 'vitest';
import type { ApprovalRequest, ApprovalResponse } from '@/lib/runtime/approval-handler';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testProject, testSandbox, testWorker } from '@/lib/runtime/testing/test-project';
import { argumentsFromFields, presentArgumentsAsFields } from '@/lib/runtime/toolsets/schema-fields-approval';
import { fieldValues } from '@/lib/runtime/toolsets/tool-approval';

const fsWorker = testWorker('main', { toolsets: { filesystem: {} } });
const write = (path: string, content: string) => ({ toolName: 'write_file', input: { path, content } });

/** Runs main with one scripted write_file call; the question is answered by `answer`. */
async function askWrite(call: { path: string; content: string }, files: Record<string, string | Uint8Array>, answer: (request: ApprovalRequest) => Promise<ApprovalResponse>) {
  const sandbox = await testSandbox(files);
  const scripted = createScriptedModel({ main: [{ toolCalls: [write(call.path, call.content)] }, { text: 'done' }] });
  const seen: ApprovalRequest[] = [];
  const result = await runProject({
    project: testProject([fsWorker]),
    client: scripted.client,
    sandbox,
    approvalHandler: async (request) => {
      seen.push(request);
      return answer(request);
    },
  });
  return { ...result, sandbox, seen };
}

describe('default approval fields (any tool without its own)', () => {
  const schema = {
    type: 'object',
    properties: { input: { type: 'string' }, instructions: { type: 'string' }, attachments: { type: 'array', items: { type: 'string' } } },
  };

  it('shows every declared argument in schema order, strings as text and the rest as JSON, absent ones empty', () => {
    const presentation = presentArgumentsAsFields(schema, { attachments: ['a.pdf'], input: 'Go' });
    expect(presentation.fields.map(({ name, format, value }) => [name, format, value])).toEqual([
      ['input', 'text', 'Go'],
      ['instructions', 'text', ''],
      ['attachments', 'json', '[\n  "a.pdf"\n]'],
    ]);
  });

  it('builds arguments from edits: an untouched absent argument stays absent, bad JSON names its field', () => {
    const args = { input: 'Go' };
    const presentation = presentArgumentsAsFields(schema, args);
    expect(argumentsFromFields(presentation, args, fieldValues(presentation))).toEqual({ ok: true, args: { input: 'Go' } });
    expect(argumentsFromFields(presentation, args, { ...fieldValues(presentation), instructions: 'Be brief.', attachments: '["b.pdf"]' })).toEqual({
      ok: true,
      args: { input: 'Go', instructions: 'Be brief.', attachments: ['b.pdf'] },
    });
    const bad = argumentsFromFields(presentation, args, { attachments: '["b.pdf"' });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.error).toMatch(/^attachments is not valid JSON/);
  });

  it('treats arguments that are not an object as one JSON field', () => {
    const presentation = presentArgumentsAsFields({}, [1, 2]);
    expect(presentation.fields).toEqual([{ name: 'arguments', label: 'Arguments', format: 'json', value: '[\n  1,\n  2\n]', editable: true }]);
    expect(argumentsFromFields(presentation, [1, 2], { arguments: '[3]' })).toEqual({ ok: true, args: [3] });
  });

  it('a worker call can be edited before approving: the child gets the edited input and instructions', async () => {
    const scripted = createScriptedModel({ main: [{ toolCalls: [{ toolName: 'child', input: { input: 'hi' } }] }, { text: 'done' }], child: [{ text: 'child done' }] });
    const project = testProject([
      testWorker('main', { toolsets: { workers: { allowed_workers: ['child'], approvals: { child: 'prompt' } } } }),
      testWorker('child', { description: 'A child.' }),
    ]);
    const { events } = await runProject({
      project,
      client: scripted.client,
      approvalHandler: async (request) => {
        expect(request.presentation.fields.map((field) => field.name)).toEqual(expect.arrayContaining(['input', 'instructions']));
        const outcome = await request.checkEdit!({ input: 'hello, edited', instructions: 'Answer in French.' });
        if (!outcome.ok) throw new Error(outcome.error);
        return { choice: 'approve_once', editedArgs: outcome.args };
      },
    });
    const childStart = eventsOfType(events, 'worker-start').find((event) => event.workerName === 'child');
    expect(childStart?.input).toBe('hello, edited');
    const childRequest = scripted.requests.find((request) => request.workerName === 'child')!;
    expect(JSON.stringify(childRequest.options.prompt)).toContain('Answer in French.');
    // Proposed and approved arguments are both on record.
    expect(eventsOfType(events, 'tool-call')[0]?.args).toEqual({ input: 'hi' });
    expect(eventsOfType(events, 'approval-decision')[0]?.editedArgs).toEqual({ input: 'hello, edited', instructions: 'Answer in French.' });
  });
});

describe('write_file approval', () => {
  it('shows a new file as new, and an existing text file as a diff source', async () => {
    const created = await askWrite({ path: 'notes/new.md', content: 'hi' }, {}, async () => ({ choice: 'deny' }));
    expect(created.seen[0]!.presentation.title).toBe('Write notes/new.md (a new file)');
    expect(created.seen[0]!.presentation.fields.find((field) => field.name === 'content')?.replaces).toBeNull();

    const replaced = await askWrite({ path: 'notes.md', content: 'new text' }, { 'notes.md': 'old text' }, async () => ({ choice: 'deny' }));
    const content = replaced.seen[0]!.presentation.fields.find((field) => field.name === 'content');
    expect(content).toMatchObject({ value: 'new text', replaces: 'old text', editable: true });
    expect(replaced.seen[0]!.presentation.title).toContain('replaces the current file');
  });

  it('does not diff a binary file, and says why the proposal would fail', async () => {
    const binary = await askWrite({ path: 'deck.pdf', content: 'x' }, { 'deck.pdf': new Uint8Array([0x25, 0x50, 0, 0xff, 0xfe]) }, async () => ({ choice: 'deny' }));
    expect(binary.seen[0]!.presentation.title).toBe('Write deck.pdf (replaces a binary file of 5 bytes)');
    expect(binary.seen[0]!.presentation.fields.find((field) => field.name === 'content')?.replaces).toBeUndefined();
  });

  it('an edited path and content are what runs; the original target is left alone', async () => {
    const { sandbox, events } = await askWrite({ path: 'out.md', content: 'draft' }, { 'out.md': 'keep me' }, async (request) => {
      const outcome = await request.checkEdit!({ path: 'reports/final.md', content: 'final text' });
      expect(outcome).toMatchObject({ ok: true, note: 'Write reports/final.md (a new file)' });
      return { choice: 'approve_once', editedArgs: outcome.ok ? outcome.args : undefined };
    });
    expect(await sandbox.readText('reports/final.md')).toBe('final text');
    expect(await sandbox.readText('out.md')).toBe('keep me');
    expect(eventsOfType(events, 'tool-result')[0]?.result).toEqual({ path: 'reports/final.md', characters: 10 });
  });

  it('refuses an edit that escapes the project or names the root, before anything runs', async () => {
    const { sandbox } = await askWrite({ path: 'out.md', content: 'draft' }, {}, async (request) => {
      const escaping = await request.checkEdit!({ path: '../outside.md', content: 'x' });
      expect(escaping.ok).toBe(false);
      const root = await request.checkEdit!({ path: '', content: 'x' });
      expect(root).toEqual({ ok: false, error: 'write_file needs a file path, not the project root.' });
      return { choice: 'deny' };
    });
    expect(await sandbox.stat('out.md')).toBeNull();
  });
});
