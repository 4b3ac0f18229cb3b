import { describe, expect, it } from 'vitest';
import { createProject, projectPath } from '@/lib/project/projects';
import { discoverProject } from '@/lib/project/discover-project';
import { readProjectFiles } from '@/lib/share/read-project-files';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { createProjectSandbox } from '@/lib/vfs/sandbox';
import { decodeUtf8Strict } from '@/lib/vfs/utf8';
import type { ModelStepRecord } from '@/lib/runtime/step-record';
import { createScriptedModel } from '@/lib/runtime/testing/scripted-model';
import { runProject } from '@/lib/runtime/testing/run-harness';
import { parseRunRecordText, serializeRunRecord } from '@/lib/run-record/run-record-codec';
import { openRunArchive } from '../run-archive/run-archive';
import { historyFor } from '../history/history-store';
import { commitImport, previewImport, runRecordImport } from './share-import';
import { readRunRecord } from './read-run-record';
import { keepOpenedRun } from './keep-opened-run';

/**
 * A kept run becomes a record with the project as it was when the run started
 * (from history, else from a snapshot), survives its file, and opens as a new
 * project whose Runs panel keeps the run; opened twice, the copies never share an id.
 */
let databases = 0;
const freshArchive = () => openRunArchive(indexedDB, `run-record-state-${(databases += 1)}`);

const WORKER = ['---', 'name: main', 'description: Writes a note.', 'toolsets:', '  filesystem:', '    approvals: { write_file: pre_approved }', '---', 'You are main.', ''].join('\n');

async function keptRun(withHistory: boolean) {
  const fileSystem = new MemoryFileSystem();
  await createProject(fileSystem, 'notes', [
    { path: 'project.json', data: JSON.stringify({ entry: 'main', default_model: 'mock:model' }) },
    { path: 'main.worker', data: WORKER },
    { path: 'note.md', data: 'before the run' },
  ]);
  const projectCommit = withHistory ? await (await historyFor(fileSystem, 'notes')).startPoint() : undefined;
  const sandbox = createProjectSandbox(fileSystem, projectPath('notes'));
  const scripted = createScriptedModel({
    main: [{ toolCalls: [{ id: 'w1', toolName: 'write_file', input: { path: 'note.md', content: 'after the run' } }] }, { text: 'noted' }],
  });
  const steps: ModelStepRecord[] = [];
  const { events, outcome } = await runProject({
    project: await discoverProject(sandbox),
    client: scripted.client,
    sandbox,
    extra: { recordStep: (step) => steps.push(step), ...(projectCommit === undefined ? {} : { projectCommit }) },
  });
  expect(outcome.status).toBe('completed');
  const archive = freshArchive();
  await archive.append('notes', events);
  await archive.appendSteps(steps);
  return { fileSystem, archive, runId: outcome.runId, events, steps };
}

const textOf = (files: { path: string; data: Uint8Array }[], path: string) => decodeUtf8Strict(files.find((file) => file.path === path)!.data);

describe('run records of kept runs', () => {
  it('hold the project as the run started (from history), survive the file, and open as a new project with the run', async () => {
    const kept = await keptRun(true);
    const record = await readRunRecord({ fileSystem: kept.fileSystem, archive: kept.archive, project: 'notes', runId: kept.runId });
    expect(record.projectAtStart.source.kind).toBe('history');
    // The file as it was before the run wrote it.
    expect(textOf(record.projectAtStart.files, 'note.md')).toBe('before the run');
    expect(record.events).toEqual(kept.events);
    expect(record.steps).toEqual(kept.steps);

    const reread = parseRunRecordText(serializeRunRecord(record));
    if (!reread.ok) throw new Error(reread.message);
    const { decoded, run } = runRecordImport(reread);
    const preview = await previewImport({ fileSystem: kept.fileSystem, source: 'run-file', decoded, run });
    if (!preview.ok) throw new Error(preview.error.message);
    const opened = await commitImport(kept.fileSystem, preview.preview);
    expect(opened.project).toBe('notes-2');
    const files = await readProjectFiles(kept.fileSystem, opened.project);
    expect(files.files.find((file) => file.path === 'note.md')?.data).toEqual(new TextEncoder().encode('before the run'));
  });

  it('fall back to the snapshot kept for a run that started without history, and say when neither is there', async () => {
    const kept = await keptRun(false);
    await expect(readRunRecord({ fileSystem: kept.fileSystem, archive: kept.archive, project: 'notes', runId: kept.runId })).rejects.toThrow(/was not kept/);
    await kept.archive.putSnapshot(kept.runId, [{ path: 'note.md', data: new TextEncoder().encode('snapshot text') }]);
    const record = await readRunRecord({ fileSystem: kept.fileSystem, archive: kept.archive, project: 'notes', runId: kept.runId });
    expect(record.projectAtStart.source).toEqual({ kind: 'snapshot' });
    expect(textOf(record.projectAtStart.files, 'note.md')).toBe('snapshot text');
  });

  it('opened twice in one browser, get two run ids, and each keeps its project at start as a snapshot', async () => {
    const kept = await keptRun(true);
    const record = await readRunRecord({ fileSystem: kept.fileSystem, archive: kept.archive, project: 'notes', runId: kept.runId });
    let counter = 0;
    const suffix = () => `copy${(counter += 1)}`;
    const first = await keepOpenedRun({ archive: kept.archive, project: 'copy-a', record, newSuffix: suffix });
    const second = await keepOpenedRun({ archive: kept.archive, project: 'copy-b', record, newSuffix: suffix });
    // The original run is kept in this archive already: both copies are re-id'd, consistently.
    expect([first, second]).toEqual([`${kept.runId}-copy1`, `${kept.runId}-copy2`]);
    expect((await kept.archive.events(second)).every((event) => event.runId === second)).toBe(true);
    expect((await kept.archive.steps(second)).every((step) => step.runId === second)).toBe(true);
    // The history commit of another project is not carried over: the copy reads its snapshot.
    expect((await kept.archive.events(second))[0]).not.toHaveProperty('projectCommit');
    const again = await readRunRecord({ fileSystem: kept.fileSystem, archive: kept.archive, project: 'copy-b', runId: second });
    expect(again.projectAtStart.source).toEqual({ kind: 'snapshot' });
    expect(textOf(again.projectAtStart.files, 'note.md')).toBe('before the run');
  });
});
