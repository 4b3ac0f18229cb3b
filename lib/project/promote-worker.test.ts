import { describe, expect, it } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox, type ProjectSandbox } from '@/lib/vfs/sandbox';
import { discoverProject } from '@/lib/project/discover-project';
import { addToWorkerFiles, promoteWorker, PromoteWorkerError } from '@/lib/project/promote-worker';

const MAIN = '---\nname: main\n---\nYou are main.\n';
const EVALUATOR = '---\nname: pitch_evaluator\ndescription: Scores a deck.\n---\nScore it.\n';

async function project(files: Record<string, string>): Promise<ProjectSandbox> {
  const sandbox = createProjectSandbox(new MemoryFileSystem({ now: () => 0 }), '/projects/p');
  await sandbox.mkdir('');
  for (const [path, text] of Object.entries(files)) await sandbox.writeFile(path, text);
  return sandbox;
}

async function refusal(promise: Promise<unknown>): Promise<PromoteWorkerError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(PromoteWorkerError);
  return error as PromoteWorkerError;
}

describe('promoteWorker', () => {
  it('moves a generated worker to <name>.worker at the root, after which discovery finds it', async () => {
    const sandbox = await project({
      'project.json': JSON.stringify({ entry: 'main', generated_workers_dir: 'generated' }),
      'main.worker': MAIN,
      'generated/pitch_evaluator.worker': EVALUATOR,
    });
    expect([...(await discoverProject(sandbox)).workers.keys()]).toEqual(['main']);
    const result = await promoteWorker(sandbox, { from: 'generated/pitch_evaluator.worker' });
    expect(result).toEqual({ name: 'pitch_evaluator', from: 'generated/pitch_evaluator.worker', to: 'pitch_evaluator.worker', manifestUpdated: false });
    expect(await sandbox.readText('pitch_evaluator.worker')).toBe(EVALUATOR);
    expect(await sandbox.stat('generated/pitch_evaluator.worker')).toBeNull();
    const discovered = await discoverProject(sandbox);
    expect([...discovered.workers.keys()].sort()).toEqual(['main', 'pitch_evaluator']);
    expect(discovered.diagnostics).toEqual([]);
  });

  it('goes to the destination the user chose, and adds it to worker_files keeping the rest of project.json', async () => {
    const manifest = '{\n  "entry": "main",\n  "generated_workers_dir": "generated",\n  "worker_files": [\n    "main.worker"\n  ],\n  "runtime": { "max_steps": 30 }\n}\n';
    const sandbox = await project({ 'project.json': manifest, 'main.worker': MAIN, 'generated/pitch_evaluator.worker': EVALUATOR });
    const result = await promoteWorker(sandbox, { from: 'generated/pitch_evaluator.worker', to: 'workers/evaluator.worker' });
    expect(result.manifestUpdated).toBe(true);
    expect(await sandbox.readText('project.json')).toBe(manifest.replace('"main.worker"\n', '"main.worker",\n    "workers/evaluator.worker"\n'));
    expect([...(await discoverProject(sandbox)).workers.keys()].sort()).toEqual(['main', 'pitch_evaluator']);
  });

  it('refuses to overwrite, to reuse a project worker name, and to promote what is not a generated worker', async () => {
    const sandbox = await project({
      'project.json': JSON.stringify({ entry: 'main', generated_workers_dir: 'generated' }),
      'main.worker': MAIN,
      'taken.worker': 'something',
      'generated/pitch_evaluator.worker': EVALUATOR,
      'generated/main.worker': MAIN,
      'generated/broken.worker': '---\nname: [\n---\n',
    });
    expect((await refusal(promoteWorker(sandbox, { from: 'generated/pitch_evaluator.worker', to: 'taken.worker' }))).code).toBe('destination_exists');
    expect(await sandbox.readText('taken.worker')).toBe('something');
    expect((await refusal(promoteWorker(sandbox, { from: 'generated/main.worker', to: 'other.worker' }))).message).toContain('already has a worker named "main"');
    expect((await refusal(promoteWorker(sandbox, { from: 'main.worker' }))).code).toBe('not_generated');
    expect((await refusal(promoteWorker(sandbox, { from: 'generated/broken.worker' }))).code).toBe('invalid_worker');
    expect((await refusal(promoteWorker(sandbox, { from: 'generated/pitch_evaluator.worker', to: 'generated/x.worker' }))).code).toBe('invalid_destination');
    expect((await refusal(promoteWorker(sandbox, { from: 'generated/pitch_evaluator.worker', to: '../escape.worker' }))).code).toBe('invalid_destination');
    expect(await sandbox.readText('generated/pitch_evaluator.worker')).toBe(EVALUATOR);

    const without = await project({ 'project.json': '{}', 'generated/a.worker': EVALUATOR });
    expect((await refusal(promoteWorker(without, { from: 'generated/a.worker' }))).message).toContain('no generated_workers_dir');
  });
});

describe('addToWorkerFiles', () => {
  it('edits the array in its own style, and only the array', () => {
    expect(addToWorkerFiles('{"worker_files": ["a.worker"], "entry": "a"}', 'b.worker')).toBe('{"worker_files": ["a.worker", "b.worker"], "entry": "a"}');
    expect(addToWorkerFiles('{ "worker_files": [ ] }', 'b.worker')).toBe('{ "worker_files": ["b.worker"] }');
    const nested = '{"description": "see \\"worker_files\\" [x]", "runtime": {"worker_files": []}, "worker_files": ["a.worker"]}';
    expect(JSON.parse(addToWorkerFiles(nested, 'b.worker'))).toEqual({ ...JSON.parse(nested), worker_files: ['a.worker', 'b.worker'] });
    expect(addToWorkerFiles(nested, 'b.worker')).toContain('"runtime": {"worker_files": []}');
  });
});
