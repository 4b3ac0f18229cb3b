import type { FileSystem } from '@/lib/vfs/file-system';
import { composeMessage, fileLines, messageTitle, readMeta, type CommitKind } from './commit-message';
import { createGitFs, type GitFs } from './git-fs';
import { repositoryOf, type RepositoryLocation } from './history-paths';
import { loadGit, type Git } from './load-git';
import { scanFolder } from './scan-folder';
import { changedPaths, readTreeMap, writeTreeMap, type TreeMap } from './tree-map';
import type { FileWrites, HistoryCommit, RunCommitInput, UndoChoices, UndoFilePlan, UndoPlan } from './history-types';

/**
 * One project's history: a git repository whose commits are built directly
 * from blobs and trees (no index), so a commit holds exactly the paths it is
 * given. A run's commit is the previous tree plus the bytes the run wrote, even
 * when the person has since saved other files; the person's edits are found by
 * comparing the folder with the last commit, and committed separately.
 */

const LOG_LIMIT = 500;
const queues = new Map<string, Promise<unknown>>();

export interface CommitWorkingTreeOptions {
  git: Git;
  kind: CommitKind;
  title: string;
  knownHead?: string | null;
}

export interface WriteCommitOptions {
  git: Git;
  tree: string;
  parent: string | null;
  message: string;
}

export class ProjectHistory {
  private readonly fs: GitFs;
  private readonly location: RepositoryLocation;

  constructor(
    private readonly fileSystem: FileSystem,
    readonly projectName: string,
    private readonly now: () => number = Date.now,
  ) {
    this.fs = createGitFs(fileSystem);
    this.location = repositoryOf(projectName);
  }

  /** Creates the repository on first use; its first commit is the project as it is then (created or imported). */
  ensure(startTitle?: string): Promise<void> {
    return this.serial(async (git) => {
      await this.ensureInside(git, startTitle);
    });
  }

  /** Commits whatever the person changed since the last commit; null when nothing changed. */
  commitPersonEdits(): Promise<string | null> {
    return this.serial(async (git) => {
      return this.commitWorkingTree({ git, kind: 'person', title: 'Edits by you', knownHead: await this.ensureInside(git) });
    });
  }

  /**
   * Where a run starts from: the person's edits committed, then the commit the
   * project now stands at. A run record names it, so the project as it was can
   * be read back (filesAt) for export, replay and sharing.
   */
  startPoint(): Promise<string> {
    return this.serial(async (git) => {
      // Where HEAD stands is read once: each read of it is a few storage round trips, before every run.
      const head = await this.ensureInside(git);
      const start = (await this.commitWorkingTree({ git, kind: 'person', title: 'Edits by you', knownHead: head })) ?? head;
      if (start === null) throw new Error('the project history has no commit');
      return start;
    });
  }

  /** Every file of a commit, by project path; throws when the commit is gone (pruned away). */
  filesAt(commitOid: string): Promise<Map<string, Uint8Array>> {
    return this.serial(async (git) => {
      const files = new Map<string, Uint8Array>();
      for (const [path, oid] of await readTreeMap({ git, fs: this.fs, gitdir: this.location.gitdir, commitOid })) files.set(path, await this.blob(git, oid));
      return files;
    });
  }

  /** One commit holding exactly the run's writes; null when the run changed nothing. */
  commitRun(input: RunCommitInput): Promise<string | null> {
    return this.serial(async (git) => {
      await this.ensureInside(git);
      const paths = [...input.writes.keys()].sort();
      return this.commitWrites(git, input.writes, {
        kind: 'run',
        runId: input.runId,
        title: `Run ${input.runId}: ${input.entryWorker} (${input.model})`,
        body: [`Run: ${input.runId}`, `Entry worker: ${input.entryWorker}`, `Model: ${input.model}`, 'Files:', ...fileLines(paths)],
      });
    });
  }

  /** Commits, newest first. */
  log(): Promise<HistoryCommit[]> {
    return this.serial((git) => this.logInside(git));
  }

  /** A file's bytes as of a commit; null when it did not exist there. */
  fileAt(commitOid: string | null, path: string): Promise<Uint8Array | null> {
    return this.serial((git) => this.fileAtInside(git, commitOid, path));
  }

  planUndo(commitOid: string): Promise<UndoPlan> {
    return this.serial(async (git) => {
      await this.commitWorkingTree({ git, kind: 'person', title: 'Edits by you' });
      return this.planUndoInside(git, commitOid);
    });
  }

  /** Reverts one commit as a new commit. Files changed later follow `choices` (default: keep them). */
  undo(commitOid: string, choices: UndoChoices = {}): Promise<string | null> {
    return this.serial(async (git) => {
      await this.commitWorkingTree({ git, kind: 'person', title: 'Edits by you' });
      const plan = await this.planUndoInside(git, commitOid);
      const parentTree = await readTreeMap({ git, fs: this.fs, gitdir: this.location.gitdir, commitOid: plan.commit.parent });
      const writes = new Map<string, Uint8Array | null>();
      for (const file of plan.files) {
        if (file.laterCommits.length > 0 && choices[file.path] !== 'undo') continue;
        const oid = parentTree.get(file.path);
        writes.set(file.path, oid === undefined ? null : await this.blob(git, oid));
      }
      await this.applyToFolder(writes);
      const title = plan.commit.kind === 'run' ? `Undo run ${plan.commit.runId ?? ''}` : `Undo "${plan.commit.title}"`;
      return this.commitWrites(git, writes, { kind: 'undo', title, body: [`Reverts ${plan.commit.oid}`, 'Files:', ...fileLines([...writes.keys()])] });
    });
  }

  /** Puts one file back as it was in a commit (deleting it if it did not exist there), as a new commit. */
  restoreFile(commitOid: string, path: string): Promise<string | null> {
    return this.serial(async (git) => {
      await this.commitWorkingTree({ git, kind: 'person', title: 'Edits by you' });
      const writes = new Map([[path, await this.fileAtInside(git, commitOid, path)]]);
      await this.applyToFolder(writes);
      return this.commitWrites(git, writes, { kind: 'restore', title: `Restore ${path} from ${commitOid.slice(0, 7)}`, body: [] });
    });
  }

  /**
   * Keeps the newest `keep` commits and squashes everything older into one root
   * commit (the project as it was then), then deletes the objects nothing reaches
   * any more. isomorphic-git has no gc; its repositories here hold loose objects
   * only (nothing is fetched), so unreachable ones are found by walking commits
   * and trees and removed file by file.
   */
  prune(keep: number): Promise<{ removedCommits: number; removedObjects: number }> {
    return this.serial(async (git) => {
      const commits = await this.logInside(git, Number.MAX_SAFE_INTEGER);
      const kept = Math.max(1, Math.floor(keep));
      if (commits.length <= kept + 1) return { removedCommits: 0, removedObjects: 0 };
      const base = commits[kept] as HistoryCommit;
      const { commit: baseCommit } = await git.readCommit({ fs: this.fs, gitdir: this.location.gitdir, oid: base.oid });
      let parent = await git.commit({
        ...this.repo(),
        message: composeMessage(`History before ${new Date(base.timestamp).toISOString()} (pruned)`, [], { kind: 'pruned' }),
        author: { name: 'Workerbench', email: 'history@workerbench.local', timestamp: Math.floor(base.timestamp / 1000), timezoneOffset: 0 },
        tree: baseCommit.tree,
        parent: [],
        noUpdateBranch: true,
      });
      for (const commit of commits.slice(0, kept).reverse()) {
        const { commit: original } = await git.readCommit({ fs: this.fs, gitdir: this.location.gitdir, oid: commit.oid });
        parent = await git.commit({ ...this.repo(), message: original.message, author: original.author, committer: original.committer, tree: original.tree, parent: [parent], noUpdateBranch: true });
      }
      await git.writeRef({ ...this.repo(), ref: 'refs/heads/main', value: parent, force: true });
      const removedObjects = await this.deleteUnreachable(git, parent);
      return { removedCommits: commits.length - kept, removedObjects };
    });
  }

  /** Bytes the repository takes in storage. */
  async storageBytes(): Promise<number> {
    const sizeOf = async (path: string): Promise<number> => {
      const stat = await this.fileSystem.stat(path);
      if (stat === null) return 0;
      if (stat.kind === 'file') return stat.size;
      let total = 0;
      for (const entry of await this.fileSystem.readDirectory(path)) total += await sizeOf(entry.path);
      return total;
    };
    return sizeOf(this.location.gitdir);
  }

  // ——— inside the queue ———

  private serial<T>(task: (git: Git) => Promise<T>): Promise<T> {
    const key = this.location.gitdir;
    const previous = queues.get(key) ?? Promise.resolve();
    const run = previous.then(
      () => loadGit().then(task),
      () => loadGit().then(task),
    );
    const settled = run.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return run;
  }

  private repo() {
    return { fs: this.fs, dir: this.location.dir, gitdir: this.location.gitdir };
  }

  private async head(git: Git): Promise<string | null> {
    try {
      return await git.resolveRef({ ...this.repo(), ref: 'HEAD' });
    } catch {
      return null;
    }
  }

  /**
   * Makes sure the history exists, and returns the commit HEAD stands at. The first commit
   * holds the project as it is; `startTitle` says where it came from (an import).
   */
  private async ensureInside(git: Git, startTitle = 'History starts here'): Promise<string | null> {
    if ((await this.fileSystem.stat(`${this.location.gitdir}/HEAD`)) === null) {
      await git.init({ ...this.repo(), defaultBranch: 'main' });
    }
    const head = await this.head(git);
    return head ?? this.commitWorkingTree({ git, kind: 'import', title: startTitle, knownHead: null });
  }

  /** The new commit, or null when nothing changed; `knownHead` when the caller has just read where HEAD is. */
  private async commitWorkingTree({ git, kind, title, knownHead }: CommitWorkingTreeOptions): Promise<string | null> {
    const head = knownHead === undefined ? await this.head(git) : knownHead;
    // Before every run: the last commit and the folder are read side by side.
    const [before, current] = await Promise.all([readTreeMap({ git, fs: this.fs, gitdir: this.location.gitdir, commitOid: head }), scanFolder(this.fileSystem, this.location.dir, (bytes) => this.writeBlobOnce(git, bytes))]);
    const changed = changedPaths(before, current);
    if (changed.length === 0 && head !== null) return null;
    const tree = await writeTreeMap({ git, fs: this.fs, gitdir: this.location.gitdir, files: current });
    return this.writeCommit({ git, tree, parent: head, message: composeMessage(title, ['Files:', ...fileLines(changed)], { kind }) });
  }

  private async commitWrites(git: Git, writes: FileWrites, commit: { kind: CommitKind; runId?: string; title: string; body: string[] }): Promise<string | null> {
    const head = await this.head(git);
    const before = await readTreeMap({ git, fs: this.fs, gitdir: this.location.gitdir, commitOid: head });
    const after = new Map(before);
    for (const [path, data] of writes) {
      if (data === null) after.delete(path);
      else after.set(path, await git.writeBlob({ ...this.repo(), blob: data }));
    }
    if (changedPaths(before, after).length === 0) return null;
    const tree = await writeTreeMap({ git, fs: this.fs, gitdir: this.location.gitdir, files: after });
    const meta = commit.runId === undefined ? { kind: commit.kind } : { kind: commit.kind, runId: commit.runId };
    return this.writeCommit({ git, tree, parent: head, message: composeMessage(commit.title, commit.body, meta) });
  }

  private writeCommit({ git, tree, parent, message }: WriteCommitOptions): Promise<string> {
    const kind = readMeta(message).kind;
    const name = kind === 'run' ? 'Workerbench run' : kind === 'person' ? 'You' : 'Workerbench';
    const author = { name, email: 'history@workerbench.local', timestamp: Math.floor(this.now() / 1000), timezoneOffset: 0 };
    return git.commit({ ...this.repo(), message, author, tree, parent: parent === null ? [] : [parent] });
  }

  /** Unchanged content is the same blob, stored once. */
  private async writeBlobOnce(git: Git, bytes: Uint8Array): Promise<string> {
    const { oid } = await git.hashBlob({ object: bytes });
    const objectPath = `${this.location.gitdir}/objects/${oid.slice(0, 2)}/${oid.slice(2)}`;
    if ((await this.fileSystem.stat(objectPath)) !== null) return oid;
    return git.writeBlob({ ...this.repo(), blob: bytes });
  }

  private async blob(git: Git, oid: string): Promise<Uint8Array> {
    const { blob } = await git.readBlob({ fs: this.fs, gitdir: this.location.gitdir, oid });
    return blob;
  }

  private async fileAtInside(git: Git, commitOid: string | null, path: string): Promise<Uint8Array | null> {
    const oid = (await readTreeMap({ git, fs: this.fs, gitdir: this.location.gitdir, commitOid })).get(path);
    return oid === undefined ? null : this.blob(git, oid);
  }

  private async applyToFolder(writes: FileWrites): Promise<void> {
    for (const [path, data] of writes) {
      const absolute = `${this.location.dir}/${path}`;
      if (data !== null) await this.fileSystem.writeFile(absolute, data);
      else if ((await this.fileSystem.stat(absolute)) !== null) {
        await this.fileSystem.remove(absolute);
        await this.removeEmptiedFolders(path);
      }
    }
  }

  /**
   * The folders above a removed file that it left empty go too (a run's evaluations/ after Undo):
   * git keeps no folders, so an empty one would only linger in the tree. The project folder stays.
   */
  private async removeEmptiedFolders(path: string): Promise<void> {
    const parts = path.split('/').slice(0, -1);
    while (parts.length > 0) {
      const folder = `${this.location.dir}/${parts.join('/')}`;
      if ((await this.fileSystem.stat(folder))?.kind !== 'directory' || (await this.fileSystem.readDirectory(folder)).length > 0) return;
      await this.fileSystem.remove(folder);
      parts.pop();
    }
  }

  private async logInside(git: Git, depth = LOG_LIMIT): Promise<HistoryCommit[]> {
    if ((await this.head(git)) === null) return [];
    const entries = await git.log({ fs: this.fs, gitdir: this.location.gitdir, ref: 'HEAD', depth });
    const commits: HistoryCommit[] = [];
    let newer: TreeMap | null = null;
    // Newest first; each commit's files are the difference with its parent.
    for (const [index, entry] of entries.entries()) {
      const parent = entry.commit.parent[0] ?? null;
      const tree = newer ?? (await readTreeMap({ git, fs: this.fs, gitdir: this.location.gitdir, commitOid: entry.oid }));
      const parentTree = parent === null ? new Map<string, string>() : await readTreeMap({ git, fs: this.fs, gitdir: this.location.gitdir, commitOid: parent });
      const meta = readMeta(entry.commit.message);
      commits.push({
        oid: entry.oid,
        parent,
        kind: meta.kind,
        ...(meta.runId === undefined ? {} : { runId: meta.runId }),
        title: messageTitle(entry.commit.message),
        message: entry.commit.message,
        timestamp: entry.commit.author.timestamp * 1000,
        files: changedPaths(parentTree, tree),
      });
      newer = index + 1 < entries.length && entries[index + 1]?.oid === parent ? parentTree : null;
    }
    return commits;
  }

  private async planUndoInside(git: Git, commitOid: string): Promise<UndoPlan> {
    const commits = await this.logInside(git, Number.MAX_SAFE_INTEGER);
    const position = commits.findIndex((commit) => commit.oid === commitOid);
    const commit = commits[position];
    if (commit === undefined) throw new Error('That change is no longer in the history (it may have been pruned).');
    if (commit.parent === null) throw new Error('The first version of a project cannot be undone.');
    const parentTree = await readTreeMap({ git, fs: this.fs, gitdir: this.location.gitdir, commitOid: commit.parent });
    const later = commits.slice(0, position);
    const files = commit.files.map((path): UndoFilePlan => ({
      path,
      action: parentTree.has(path) ? 'restore' : 'delete',
      laterCommits: later.filter((candidate) => candidate.files.includes(path)).reverse(),
    }));
    return { commit, files };
  }

  private async deleteUnreachable(git: Git, head: string): Promise<number> {
    const reachable = new Set<string>();
    const visitTree = async (oid: string): Promise<void> => {
      if (reachable.has(oid)) return;
      reachable.add(oid);
      const { tree } = await git.readTree({ fs: this.fs, gitdir: this.location.gitdir, oid });
      for (const entry of tree) {
        if (entry.type === 'tree') await visitTree(entry.oid);
        else reachable.add(entry.oid);
      }
    };
    for (const entry of await git.log({ fs: this.fs, gitdir: this.location.gitdir, ref: head })) {
      reachable.add(entry.oid);
      await visitTree(entry.commit.tree);
    }
    let removed = 0;
    const objects = `${this.location.gitdir}/objects`;
    for (const folder of await this.fileSystem.readDirectory(objects)) {
      if (folder.kind !== 'directory' || !/^[0-9a-f]{2}$/.test(folder.name)) continue;
      const entries = await this.fileSystem.readDirectory(folder.path);
      for (const file of entries) {
        if (reachable.has(folder.name + file.name)) continue;
        await this.fileSystem.remove(file.path);
        removed += 1;
      }
      if (entries.length > 0 && (await this.fileSystem.readDirectory(folder.path)).length === 0) await this.fileSystem.remove(folder.path);
    }
    return removed;
  }
}
