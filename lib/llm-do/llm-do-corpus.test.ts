import { describe, expect, it } from 'vitest';
import { createInProcessModelClient } from '@/lib/model/testing/in-process-model-client';
import { createDemoModel } from '@/lib/model/demo';
import { discoverProject } from '@/lib/project/discover-project';
import { entryArgsInputText } from '@/lib/project/llm-do-manifest';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { testSandbox } from '@/lib/runtime/testing/test-project';
import { LLM_DO_CORPUS } from '@/lib/llm-do/testing/llm-do-corpus';

describe('llm-do projects open and run unchanged with the demo model', () => {
  it.each(LLM_DO_CORPUS.map((entry) => [entry.label, entry] as const))('%s', async (_label, entry) => {
    const sandbox = await testSandbox(entry.files);
    const project = await discoverProject(sandbox);
    expect(project.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    const input = entry.input ?? entryArgsInputText(project.manifest.entry_args);
    expect(input).toBeDefined();
    if (entry.included !== undefined) expect(project.workers.get(project.manifest.entry)?.instructions).toContain(entry.included);
    const { outcome } = await runProject({
      project,
      client: createInProcessModelClient(createDemoModel({ delayMs: 0 })),
      sandbox,
      input,
      // Legacy projects have no manifest, so approvals are answered as a user would.
      approvals: [{ choice: 'approve_once' }, { choice: 'approve_once' }],
      extra: { model: 'demo:scripted' },
    });
    expect(outcome.status).toBe('completed');
    expect(await sandbox.readText(entry.writes.path)).toBe(entry.writes.content);
    // The files are opened, never rewritten.
    for (const [path, text] of Object.entries(entry.files)) if (path !== entry.writes.path) expect(await sandbox.readText(path)).toBe(text);
  });
});
