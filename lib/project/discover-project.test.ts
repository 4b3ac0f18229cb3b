import { describe, expect, it } from 'vitest';
import { discoverProject } from '@/lib/project/discover-project';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox } from '@/lib/vfs/sandbox';
import type { FileSystem } from '@/lib/vfs/file-system';

const worker = (name: string, ...lines: string[]) => `---\nname: ${name}\n${lines.map((line) => `${line}\n`).join('')}---\nBody of ${name}.\n`;

async function projectWith(files: Record<string, string | Uint8Array>): Promise<{ fileSystem: MemoryFileSystem; sandbox: FileSystem }> {
  const fileSystem = new MemoryFileSystem();
  for (const [path, data] of Object.entries(files)) await fileSystem.writeFile(`/projects/demo/${path}`, data);
  await fileSystem.mkdir('/projects/demo');
  return { fileSystem, sandbox: createProjectSandbox(fileSystem, '/projects/demo') };
}

describe('discoverProject', () => {
  it('walks the project once and loads workers, manifest and schema refs', async () => {
    const { sandbox } = await projectWith({
      'project.json': JSON.stringify({ entry: 'main', generated_workers_dir: 'generated' }),
      'main.worker': worker('main', 'toolsets:', '  workers: { allowed_workers: [evaluator] }'),
      'team/evaluator.worker': worker('evaluator', 'output_schema_ref: schemas/out.json'),
      'team/schemas/out.json': '{"type": "object"}',
      'generated/temp.worker': 'not even a worker',
      'input/deck.pdf': new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff]),
      'readme.md': '# hi',
    });
    const project = await discoverProject(sandbox);
    expect(project.diagnostics).toEqual([]);
    expect([...project.workers.keys()].sort()).toEqual(['evaluator', 'main']);
    expect(project.workers.get('evaluator')?.path).toBe('team/evaluator.worker');
    expect(project.workers.get('evaluator')?.instructions).toBe('Body of evaluator.\n');
    expect(project.schemas.get('evaluator')?.output).toEqual({ type: 'object' });
    expect(project.manifest.generated_workers_dir).toBe('generated');
  });

  it("discovers llm-do's .agent files as workers, next to .worker files", async () => {
    const { sandbox } = await projectWith({
      'project.json': JSON.stringify({ entry: 'main' }),
      'main.worker': worker('main', 'toolsets: { workers: { allowed_workers: [helper] } }'),
      'agents/helper.agent': worker('helper', 'toolsets: [filesystem_project_ro]'),
      'notes.agents': 'not a worker',
    });
    const project = await discoverProject(sandbox);
    expect(project.diagnostics).toEqual([]);
    expect(project.workers.get('helper')).toMatchObject({ path: 'agents/helper.agent', toolsets: { filesystem: { approvals: { write_file: 'blocked' } } } });
  });

  it('gives a diagnostic, not an exception, for a project without project.json or with a broken one', async () => {
    const empty = await projectWith({ 'main.worker': worker('main') });
    expect((await discoverProject(empty.sandbox)).diagnostics.map((entry) => entry.code)).toEqual(['missing-manifest']);
    const broken = await projectWith({ 'project.json': '{"entry": ', 'main.worker': worker('main') });
    const project = await discoverProject(broken.sandbox);
    expect(project.diagnostics.map((entry) => entry.code)).toEqual(['json-syntax']);
    expect(project.workers.has('main')).toBe(true);
  });

  it('reports a worker file that is not valid UTF-8 as unreadable', async () => {
    const { sandbox } = await projectWith({
      'project.json': '{}',
      'main.worker': worker('main'),
      'binary.worker': new Uint8Array([0xff, 0xfe, 0x00, 0xc3]),
    });
    const project = await discoverProject(sandbox);
    expect(project.diagnostics.map((entry) => [entry.file, entry.code])).toEqual([['binary.worker', 'unreadable-file']]);
    expect(project.workers.has('main')).toBe(true);
  });

  it('walks into the generated folder only for workers listed in worker_files', async () => {
    const { sandbox } = await projectWith({
      'project.json': JSON.stringify({ generated_workers_dir: 'generated', worker_files: ['main.worker', 'generated/promoted.worker'] }),
      'main.worker': worker('main', 'toolsets:', '  workers: { allowed_workers: [promoted] }'),
      'generated/promoted.worker': worker('promoted'),
      'generated/other.worker': worker('other'),
    });
    const project = await discoverProject(sandbox);
    expect(project.diagnostics).toEqual([]);
    expect([...project.workers.keys()].sort()).toEqual(['main', 'promoted']);
  });

  it('reports the same cross-file problems as analyzeProject', async () => {
    const { sandbox } = await projectWith({
      'project.json': '{}',
      'a/main.worker': worker('main'),
      'b/main.worker': worker('main'),
    });
    const project = await discoverProject(sandbox);
    expect(project.diagnostics.map((entry) => [entry.file, entry.code])).toEqual([
      ['a/main.worker', 'duplicate-name'],
      ['b/main.worker', 'duplicate-name'],
    ]);
  });
});
