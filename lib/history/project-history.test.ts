import { describe, expect, it } from 'vitest';
import { MemoryFileSystem } from '@/lib/vfs/memory-file-system';
import { ProjectHistory } from './project-history';

const root = '/projects/demo';
const text = (value: string) => new TextEncoder().encode(value);
const decode = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes));

async function setup() {
  const fileSystem = new MemoryFileSystem();
  await fileSystem.writeFile(`${root}/project.json`, '{"name":"demo"}');
  await fileSystem.writeFile(`${root}/main.worker`, 'v1');
  await fileSystem.writeFile(`${root}/input/deck.pdf`, new Uint8Array([37, 80, 68, 70, 0, 255, 1, 2]));
  const history = new ProjectHistory(fileSystem, 'demo');
  await history.ensure();
  return { fileSystem, history };
}

interface RunOptions {
  fileSystem: MemoryFileSystem;
  history: ProjectHistory;
  runId: string;
  files: Record<string, string>;
}

/** What a run does: writes into the folder, and hands the same bytes to the history. */
async function run({ fileSystem, history, runId, files }: RunOptions) {
  const writes = new Map<string, Uint8Array | null>();
  for (const [path, content] of Object.entries(files)) {
    await fileSystem.writeFile(`${root}/${path}`, content);
    writes.set(path, text(content));
  }
  return history.commitRun({ runId, entryWorker: 'main', model: 'demo:scripted', writes });
}

describe('ProjectHistory', () => {
  it('starts with the project as it is, outside the project folder', async () => {
    const { fileSystem, history } = await setup();
    const log = await history.log();
    expect(log).toHaveLength(1);
    expect(log[0]?.kind).toBe('import');
    expect(log[0]?.files).toEqual(['input/deck.pdf', 'main.worker', 'project.json']);
    expect((await fileSystem.readDirectory(root)).map((entry) => entry.name)).toEqual(['input', 'main.worker', 'project.json']);
  });

  it("starts a run from the person's edits committed, or from where HEAD stands when nothing changed, and creates the history on first use", async () => {
    const { fileSystem, history } = await setup();
    const [imported] = await history.log();
    expect(await history.startPoint()).toBe(imported!.oid);
    await fileSystem.writeFile(`${root}/main.worker`, 'v2');
    await fileSystem.writeFile(`${root}/input/notes/a.md`, 'a');
    const edited = await history.startPoint();
    const [latest] = await history.log();
    expect(edited).toBe(latest!.oid);
    expect(latest).toMatchObject({ kind: 'person', files: ['input/notes/a.md', 'main.worker'] });
    expect(decode(await history.fileAt(edited, 'input/notes/a.md'))).toBe('a');
    expect(await history.startPoint()).toBe(edited);
    // A project whose history was never written: the first start point is its import.
    const fresh = new ProjectHistory(fileSystem, 'demo-fresh');
    await fileSystem.writeFile('/projects/demo-fresh/main.worker', 'w');
    const first = await fresh.startPoint();
    expect(await fresh.log()).toMatchObject([{ oid: first, kind: 'import', files: ['main.worker'] }]);
  });

  it('makes one commit per run holding only its writes, with run id, worker, model and files in the message', async () => {
    const { fileSystem, history } = await setup();
    await run({ fileSystem, history, runId: 'run-1', files: { 'reports/a.md': 'A', 'reports/b.md': 'B' } });
    const [latest] = await history.log();
    expect(latest?.kind).toBe('run');
    expect(latest?.runId).toBe('run-1');
    expect(latest?.files).toEqual(['reports/a.md', 'reports/b.md']);
    expect(latest?.message).toContain('Entry worker: main');
    expect(latest?.message).toContain('Model: demo:scripted');
    expect(latest?.message).toContain('- reports/a.md');
    expect(await run({ fileSystem, history, runId: 'run-2', files: { 'reports/a.md': 'A' } })).toBeNull();
  });

  it("commits the person's edits in a batch of their own, never inside a run's commit (autosave racing the run)", async () => {
    const { fileSystem, history } = await setup();
    await fileSystem.writeFile(`${root}/main.worker`, 'v2 by the person');
    expect(await history.commitPersonEdits()).not.toBeNull();
    expect(await history.commitPersonEdits()).toBeNull();
    // During the run the person saves another file and the same file the run wrote.
    const writes = new Map([['out.md', text('run wrote this')]]);
    await fileSystem.writeFile(`${root}/out.md`, 'run wrote this');
    await fileSystem.writeFile(`${root}/notes.md`, 'person typed this');
    await fileSystem.writeFile(`${root}/out.md`, 'person overwrote it');
    const runCommit = await history.commitRun({ runId: 'r', entryWorker: 'main', model: 'm', writes });
    expect(decode(await history.fileAt(runCommit, 'out.md'))).toBe('run wrote this');
    expect(await history.fileAt(runCommit, 'notes.md')).toBeNull();
    await history.commitPersonEdits();
    const log = await history.log();
    expect(log.map((commit) => [commit.kind, commit.files])).toEqual([
      ['person', ['notes.md', 'out.md']],
      ['run', ['out.md']],
      ['person', ['main.worker']],
      ['import', ['input/deck.pdf', 'main.worker', 'project.json']],
    ]);
  });

  it('undoes a run: created files are deleted, modified ones restored, other edits kept', async () => {
    const { fileSystem, history } = await setup();
    await fileSystem.writeFile(`${root}/notes.md`, 'mine');
    await history.commitPersonEdits();
    const runCommit = (await run({ fileSystem, history, runId: 'r1', files: { 'report.md': 'new', 'main.worker': 'changed by run' } })) as string;
    const plan = await history.planUndo(runCommit);
    expect(plan.files.map((file) => [file.path, file.action, file.laterCommits.length])).toEqual([
      ['main.worker', 'restore', 0],
      ['report.md', 'delete', 0],
    ]);
    await history.undo(runCommit);
    expect(await fileSystem.stat(`${root}/report.md`)).toBeNull();
    expect(await fileSystem.readText(`${root}/main.worker`)).toBe('v1');
    expect(await fileSystem.readText(`${root}/notes.md`)).toBe('mine');
    expect((await history.log())[0]?.kind).toBe('undo');
  });

  it("undoing a run removes the folders it left empty, and keeps a folder that still holds someone's file", async () => {
    const { fileSystem, history } = await setup();
    await fileSystem.writeFile(`${root}/shared/mine.md`, 'mine');
    await history.commitPersonEdits();
    const runCommit = (await run({ fileSystem, history, runId: 'r1', files: { 'evaluations/decks/a.md': 'a', 'shared/report.md': 'r' } })) as string;
    await history.undo(runCommit);
    expect(await fileSystem.stat(`${root}/evaluations`)).toBeNull();
    expect(await fileSystem.stat(`${root}/shared/report.md`)).toBeNull();
    expect(await fileSystem.readText(`${root}/shared/mine.md`)).toBe('mine');
    expect((await fileSystem.stat(root))?.kind).toBe('directory');
  });

  it('names later commits that touched the same files and follows the per-file choice', async () => {
    const { fileSystem, history } = await setup();
    const first = (await run({ fileSystem, history, runId: 'r1', files: { 'a.md': 'run a', 'b.md': 'run b' } })) as string;
    await fileSystem.writeFile(`${root}/a.md`, 'person edited a');
    await fileSystem.writeFile(`${root}/b.md`, 'person edited b');
    const plan = await history.planUndo(first);
    expect(plan.files.map((file) => [file.path, file.laterCommits.map((commit) => commit.kind)])).toEqual([
      ['a.md', ['person']],
      ['b.md', ['person']],
    ]);
    await history.undo(first, { 'a.md': 'undo', 'b.md': 'keep' });
    expect(await fileSystem.stat(`${root}/a.md`)).toBeNull();
    expect(await fileSystem.readText(`${root}/b.md`)).toBe('person edited b');
  });

  it('restores one file from an earlier commit', async () => {
    const { fileSystem, history } = await setup();
    const [initial] = await history.log();
    await run({ fileSystem, history, runId: 'r1', files: { 'main.worker': 'run version' } });
    await history.restoreFile(initial?.oid as string, 'main.worker');
    expect(await fileSystem.readText(`${root}/main.worker`)).toBe('v1');
    expect((await history.log())[0]?.kind).toBe('restore');
  });

  it('stores an unchanged binary once across many commits', async () => {
    const { fileSystem, history } = await setup();
    for (let index = 0; index < 10; index++) await run({ fileSystem, history, runId: `r${index}`, files: { 'report.md': `report ${index}` } });
    const log = await history.log();
    expect(log).toHaveLength(11);
    const objects = await fileSystem.readDirectory('/history/demo/objects');
    let blobFiles = 0;
    for (const folder of objects) blobFiles += (await fileSystem.readDirectory(folder.path)).length;
    const pdf = await history.fileAt(log[0]?.oid as string, 'input/deck.pdf');
    expect(pdf).toEqual(new Uint8Array([37, 80, 68, 70, 0, 255, 1, 2]));
    // Per commit: one report blob, one tree, one commit; the first commit adds 3 blobs, 2 trees, 1 commit.
    expect(blobFiles).toBe(6 + 10 * 3);
  });

  it('prunes oldest first into a root commit and deletes the objects nothing reaches', async () => {
    const { fileSystem, history } = await setup();
    for (let index = 0; index < 6; index++) await run({ fileSystem, history, runId: `r${index}`, files: { [`report-${index}.md`]: `report ${index}`, 'latest.md': `${index}` } });
    const sizeBefore = await history.storageBytes();
    const result = await history.prune(2);
    expect(result.removedCommits).toBe(5);
    expect(result.removedObjects).toBeGreaterThan(0);
    const log = await history.log();
    expect(log.map((commit) => commit.kind)).toEqual(['run', 'run', 'pruned']);
    expect(log.map((commit) => commit.runId)).toEqual(['r5', 'r4', undefined]);
    expect(log[1]?.files).toEqual(['latest.md', 'report-4.md']);
    expect(decode(await history.fileAt(log[2]?.oid as string, 'report-0.md'))).toBe('report 0');
    expect(await history.storageBytes()).toBeLessThan(sizeBefore);
    // Still a working history.
    await history.undo(log[0]?.oid as string);
    expect(await fileSystem.stat(`${root}/report-5.md`)).toBeNull();
  });
});
