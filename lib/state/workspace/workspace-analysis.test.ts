import { describe, expect, it, vi } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { LLM_DO_CORPUS } from '@/lib/llm-do/testing/llm-do-corpus';
import { discoverProject } from '@/lib/project/discover-project';
import { projectSandbox } from '../run/run-platform';

/**
 * The page checks a project from its buffers; the run loads it from storage (discover-project.ts).
 * Both must see the same files, or the Problems list shows errors the run does not have: an
 * llm-do project's `.agent` files, and any file a legacy template names (PROCEDURE.md).
 */

async function openProject(files: Record<string, string>) {
  vi.resetModules();
  const fileSystem = new MemoryFileSystem();
  for (const [path, text] of Object.entries(files)) await fileSystem.writeFile(`/projects/imported/${path}`, text);
  const { useWorkspaceStore } = await import('./workspace-store');
  await useWorkspaceStore.getState().start({ fileSystem });
  await useWorkspaceStore.getState().switchProject('imported');
  // Loading starts the analysis without waiting for it; a reload waits, so the diagnostics are final.
  await useWorkspaceStore.getState().reloadFromStorage();
  return { fileSystem, useWorkspaceStore };
}

const summary = (diagnostics: readonly { file: string; line: number; code: string; severity: string }[]) =>
  diagnostics.map(({ file, line, code, severity }) => `${severity} ${file}:${line} ${code}`);

describe("the page's analysis sees the project's files as the run's loader does", () => {
  it.each(LLM_DO_CORPUS.map((entry) => [entry.label, entry] as const))('%s', async (_label, entry) => {
    const { fileSystem, useWorkspaceStore } = await openProject(entry.files);
    const loaded = await discoverProject(projectSandbox(fileSystem, 'imported'));
    expect(loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(summary(useWorkspaceStore.getState().diagnostics)).toEqual(summary(loaded.diagnostics));
  });

  it('reports a named file that is missing, and clears it when the file is created and when it is typed into', async () => {
    const { fileSystem, useWorkspaceStore } = await openProject({
      'main.worker': "---\nname: main\n---\nDo the task.\n{% include 'PROCEDURE.md' %}\n",
    });
    const missing = () => useWorkspaceStore.getState().diagnostics.filter((diagnostic) => diagnostic.code === 'template-file-missing');
    expect(missing()).toHaveLength(1);

    await fileSystem.writeFile('/projects/imported/PROCEDURE.md', 'Step one.\n');
    await useWorkspaceStore.getState().reloadFromStorage(['PROCEDURE.md']);
    expect(missing()).toEqual([]);
    expect(useWorkspaceStore.getState().buffers.get('PROCEDURE.md')?.text).toBe('Step one.\n');

    // The included file is watched like a worker: typing a template into it changes the diagnostics.
    useWorkspaceStore.getState().editText('PROCEDURE.md', "Step one.\n{{ file('nowhere.md') }}\n");
    await vi.waitFor(() => expect(missing()).toHaveLength(1));
  });
});
