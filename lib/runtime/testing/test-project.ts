import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox, type ProjectSandbox } from '@/lib/vfs/sandbox';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { projectManifestSchema, type ProjectManifest } from '@/lib/project/manifest-schema';
import type { RunnableProject } from '@/lib/runtime/run-context';
import { instructionsFor } from '@/lib/runtime/testing/scripted-model';

/** Test support: workers, projects and a MemoryFileSystem-backed sandbox. */
export function testWorker(name: string, overrides: Partial<WorkerDefinition> = {}): WorkerDefinition {
  return { name, instructions: instructionsFor(name), path: `${name}.worker`, ...overrides };
}

export function testProject(
  workers: WorkerDefinition[],
  manifest: Partial<Omit<ProjectManifest, 'runtime'>> & { runtime?: Partial<ProjectManifest['runtime']> } = {},
): RunnableProject {
  const parsed = projectManifestSchema.parse({ default_model: 'mock:model', ...manifest });
  return { manifest: parsed, workers: new Map(workers.map((worker) => [worker.name, worker])) };
}

export async function testSandbox(files: Record<string, string | Uint8Array> = {}): Promise<ProjectSandbox> {
  const sandbox = createProjectSandbox(new MemoryFileSystem({ now: () => 0 }), '/projects/test');
  await sandbox.mkdir('');
  for (const [path, data] of Object.entries(files)) await sandbox.writeFile(path, data);
  return sandbox;
}
