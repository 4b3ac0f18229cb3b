import { describe, expect, it } from 'vitest';
import { createInProcessModelClient } from '@/lib/model/testing/in-process-model-client';
import { createDemoModel } from '@/lib/model/demo';
import { discoverProject } from '@/lib/project/discover-project';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { eventsOfType, runProject } from '@/lib/runtime/testing/run-harness';
import { testSandbox } from '@/lib/runtime/testing/test-project';

/**
 * End to end without a key: files on a MemoryFileSystem sandbox, loaded by
 * discoverProject, run by startRun with the scripted demo model through the
 * in-process client — the same pieces the browser wires together.
 */
async function demoProject() {
  const sandbox = await testSandbox({
    // The demo hands files named in the request to the worker as attachments, so the file exists beforehand.
    'notes.txt': 'old',
    'project.json': JSON.stringify({ entry: 'main', default_model: 'demo:scripted' }),
    'main.worker': [
      '---',
      'name: main',
      'description: Hands file work to the scribe.',
      'toolsets:',
      '  workers: { allowed_workers: [scribe] }',
      '---',
      'Delegate every request to the scribe.',
      '',
    ].join('\n'),
    'scribe.worker': [
      '---',
      'name: scribe',
      'description: Reads and writes project files.',
      'toolsets:',
      '  filesystem: {}',
      '---',
      'You write files when asked.',
      '',
    ].join('\n'),
  });
  const project = await discoverProject(sandbox);
  expect(project.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  return { sandbox, project, client: createInProcessModelClient(createDemoModel({ delayMs: 0 })) };
}

describe('a run with the demo model', () => {
  it('delegates, asks for approval, writes the file and builds the tree', async () => {
    const { sandbox, project, client } = await demoProject();
    const { outcome, events, approvalRequests } = await runProject({
      project,
      client,
      sandbox,
      input: 'write "hello" to notes.txt',
      approvals: [{ choice: 'approve_once' }],
    });
    expect(outcome.status).toBe('completed');
    expect(await sandbox.readText('notes.txt')).toBe('hello');
    expect(approvalRequests.map((request) => [request.workerName, request.depth, request.toolName])).toEqual([['scribe', 1, 'write_file']]);
    const tree = reduceRunEvents(events);
    const root = tree.calls[tree.runs[outcome.runId]!.rootCallId]!;
    expect(root.children).toHaveLength(1);
    expect(tree.calls[root.children[0]!]).toMatchObject({ workerName: 'scribe', status: 'completed', depth: 1 });
  });

  it("a denial's reason reaches the model, which reports it", async () => {
    const { sandbox, project, client } = await demoProject();
    const { outcome, events } = await runProject({
      project,
      client,
      sandbox,
      input: 'write "hello" to notes.txt',
      approvals: [{ choice: 'deny', reason: 'keep the folder clean' }],
    });
    expect(outcome.status).toBe('completed');
    expect(await sandbox.readText('notes.txt')).toBe('old');
    const scribeEnd = eventsOfType(events, 'worker-end').find((event) => event.workerName === 'scribe')!;
    expect(String(scribeEnd.output)).toContain('keep the folder clean');
  });
});
