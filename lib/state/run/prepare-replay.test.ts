import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { decodeUtf8Strict, encodeUtf8 } from '@/lib/vfs/utf8';
import { projectPath } from '@/lib/project/projects';
import type { RunRecord } from '@/lib/run-record/run-record';
import { recordExampleRun } from '@/lib/run-record/testing/record-example-run';

/**
 * Preparing a replay: the record opens as a new project (the copy the tools
 * run against) and the workers as they are now replace the recorded ones
 * there — only those the run started with; a worker the run created is made
 * again by the replay itself.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let record: RunRecord;
beforeAll(async () => {
  record = await recordExampleRun(repositoryRoot);
});

async function startedWorkspace(fileSystem: MemoryFileSystem) {
  vi.resetModules();
  const workspace = await import('../workspace/workspace-store');
  await workspace.useWorkspaceStore.getState().start({ fileSystem, fetchExampleDeck: async () => { throw new Error('offline'); } });
  return workspace.useWorkspaceStore;
}

describe('prepareReplay', () => {
  it('opens the record as a copy with the workers as they are now, and follows the record in replay mode', async () => {
    const fileSystem = new MemoryFileSystem();
    await startedWorkspace(fileSystem);
    const { prepareReplay } = await import('./prepare-replay');
    const edited = `${decodeUtf8Strict(record.projectAtStart.files.find((file) => file.path === 'main.worker')!.data)}\nBe brief in the summary.\n`;
    const outcome = await prepareReplay(fileSystem, record, {
      workersNow: [
        { path: 'main.worker', data: encodeUtf8(edited) },
        { path: 'generated/pitch_evaluator.worker', data: encodeUtf8('---\nname: pitch_evaluator\n---\nmade by the run\n') },
      ],
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.patch));
    const { run } = outcome;
    expect(run.project).toBe('pitch-deck-example-replay');
    expect(decodeUtf8Strict(await fileSystem.readFile(`${projectPath(run.project)}/main.worker`))).toBe(edited);
    expect(run.loaded.workers.get('main')?.instructions).toContain('Be brief in the summary.');
    // Not there when the run started: left for the replay to create.
    expect(await fileSystem.stat(`${projectPath(run.project)}/generated/pitch_evaluator.worker`)).toBeNull();
    expect(run.recorded?.mode).toBe('replay');
    expect(run.model).toBe('demo:scripted');
  });

  it('makes the copy untrusted even when the project replayed from is trusted, and when its name was trusted before', async () => {
    const fileSystem = new MemoryFileSystem();
    await startedWorkspace(fileSystem);
    const trust = await import('../share/trust-store');
    const { prepareReplay } = await import('./prepare-replay');
    trust.trustProject(record.projectName);
    // A stale record for the name the copy will take (a trusted project of that name, deleted without forgetting).
    trust.trustProject(`${record.projectName}-replay`);
    const outcome = await prepareReplay(fileSystem, record);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.patch));
    expect(outcome.run.project).toBe(`${record.projectName}-replay`);
    // Its files are the record's (a worker deleted since, an older project.json): what a run there gets is untrusted.
    expect(trust.projectTrustFor(outcome.run.project)).toBe('untrusted');
    expect(trust.projectTrustFor(record.projectName)).toBe('trusted');
  });
});
