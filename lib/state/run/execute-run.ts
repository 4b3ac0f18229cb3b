import { withEntry } from '@/lib/run-tree/id-table';
import type { RunEvent } from '@/lib/runtime/events';
import { reduceRunEvents } from '@/lib/run-tree/reduce-run-events';
import { startRun } from '@/lib/runtime/start-run';
import { browserPdfTextExtractor } from '@/lib/pdf/load-pdfjs-browser';
import { recordWrites, type RecordingSandbox } from '@/lib/history/record-writes';
import { errorMessage } from '@/lib/errors/error-message';
import { readProjectFiles } from '@/lib/share/read-project-files';
import type { SharedFile } from '@/lib/share/share-result';
import { encodeUtf8 } from '@/lib/vfs/utf8';
import { commitRunWrites } from '../history/history-store';
import { fileToOpenAfterRun } from './open-after-run';
import { browserRunArchive } from '../run-archive/archived-runs';
import { createArchiveWriter } from '../run-archive/archive-writer';
import { browserModelClient, projectSandbox, syncWorkspaceFromStorage } from './run-platform';
import { sessionFor } from './project-run-sessions';
import { projectTrustFor } from '../share/trust-store';
import { useWorkspaceStore } from '../workspace/workspace-store';
import { isMarkdownPath, useMarkdownPreviewStore } from '../ui/markdown-preview';
import { useRunTabsStore } from '../ui/run-tabs';
import { activeRun } from './active-run';
import { batchRunEvents } from './event-batcher';
import type { PreparedRun } from './prepare-run';
import type { RunStoreContext } from './run-store-context';
import type { RunStartOptions } from './run-state';

/**
 * Shows the run's writes in the workspace as they happen: after each tool
 * result, whatever files the recording sandbox saw change since (any tool that
 * writes; no list of tool names), re-read in order.
 */
function createWriteSync(project: string, recording: RecordingSandbox) {
  const shown = new Map<string, Uint8Array | null>();
  let syncing: Promise<void> = Promise.resolve();
  const sync = (paths: string[]) => {
    syncing = syncing.then(() => syncWorkspaceFromStorage(project, paths)).catch(() => undefined);
  };
  return {
    afterToolResult() {
      const changed = [...recording.writes].filter(([path, bytes]) => shown.get(path) !== bytes);
      for (const [path, bytes] of changed) shown.set(path, bytes);
      if (changed.length > 0) sync(changed.map(([path]) => path));
    },
    /** Everything the run wrote (also through tools whose results were not seen), then waits for it. */
    async finish() {
      sync([...recording.writes.keys()]);
      await syncing;
    },
  };
}

/**
 * Runs a prepared run in the browser: the one loop (lib/runtime) with the
 * proxy's model client, the project's sandbox (recorded for the run's history
 * commit), the approval questions of the run panel, and every event kept in
 * IndexedDB as it happens. When it ends: the files it wrote shown, its commit
 * made, and its deliverable opened.
 */
export async function executeRun({ set, get }: RunStoreContext, prepared: PreparedRun, options: RunStartOptions = {}): Promise<void> {
  const { project, fileSystem, loaded, workerName, input, attachments, model } = prepared;
  const supportsPdf = new Map(get().models.map((option) => [option.id, option.supportsPdf]));
  const active = activeRun.begin(project, (pending) => set({ pendingApprovals: pending }));
  // The run's commit is made from exactly what it wrote (see lib/history).
  const recording = recordWrites(projectSandbox(fileSystem, project));
  const writes = createWriteSync(project, recording);
  set({ preparing: false, running: true, preflight: prepared.preflight, pendingApprovals: [] });

  const archive = browserRunArchive();
  // Read before anything runs, and only where history has no commit to name (rare: history failed).
  const startFiles = prepared.projectCommit === null && archive !== null ? await readProjectFiles(fileSystem, project).then((read) => read.files.map(asBytes)).catch(() => null) : null;
  const recorder = archive === null ? null : createArchiveWriter(archive, project, (error) => set({ archiveError: `This run could not be kept for later: ${errorMessage(error)}` }));
  let startedRunId: string | null = null;

  // One store update per batch of events, not per event (see event-batcher).
  const shown = batchRunEvents((events) => {
    const start = events.find((event) => event.type === 'run-start');
    set((current) => {
      const tree = reduceRunEvents(events, current.tree);
      if (start === undefined) return { tree };
      return { tree, activeRunId: start.runId, runProjects: withEntry(current.runProjects, start.runId, project) };
    });
    // The new run opens as an editor-area tab, in front unless it was started while typing in the editor.
    if (start !== undefined) useRunTabsStore.getState().openRunTab(start.runId, project, { inBackground: options.tabInBackground === true });
  });
  const onEvent = (event: RunEvent) => {
    recorder?.record(event);
    if (event.type === 'run-start') {
      startedRunId = event.runId;
      // Each new run makes room within the archive's budget (oldest runs go first).
      void archive?.prune().catch(() => undefined);
    }
    shown.push(event);
    if (event.type === 'tool-result') writes.afterToolResult();
  };

  let finishedRunId: string | null = null;
  try {
    const outcome = await startRun({
      project: loaded,
      // An imported project's own approve_all / pre_approved count only once the person trusts it.
      projectTrust: projectTrustFor(project),
      sandbox: recording.sandbox,
      workerName,
      input,
      attachments,
      model,
      modelClient: browserModelClient(),
      // Each question carries what its tool shows and how it may be edited (the gate attaches it).
      approvalHandler: (request, signal) => active.approvals.handler(request, signal),
      onEvent,
      signal: active.signal,
      // One session per project for the page: grants and created workers outlive a run.
      session: sessionFor(project),
      modelSupportsPdf: (id) => supportsPdf.get(id) ?? true,
      extractPdfText: browserPdfTextExtractor,
      recordStep: (step) => recorder?.recordStep(step),
      ...(prepared.projectCommit === null ? {} : { projectCommit: prepared.projectCommit }),
      // Resume: the interrupted run's record answers before the model is asked.
      ...(prepared.recorded === undefined ? {} : { recorded: prepared.recorded }),
    });
    finishedRunId = outcome.runId;
  } finally {
    shown.flush();
    activeRun.end(active);
    set({ running: false, pendingApprovals: [] });
    await recorder?.flush();
    // Without a history commit to name, the record keeps the project as it was at the start itself.
    if (startedRunId !== null && prepared.projectCommit === null && startFiles !== null) {
      await archive?.putSnapshot(startedRunId, startFiles).catch((error: unknown) => set({ archiveError: `The project at this run's start could not be kept: ${errorMessage(error)}` }));
    }
    await writes.finish();
    if (startedRunId !== null) await commitRunWrites(fileSystem, project, { runId: startedRunId, entryWorker: workerName, model, writes: recording.writes });
  }
  // A completed run's deliverable (the entry worker's last written file) opens in the file tab;
  // a run's document in front stays there (the person is reading how the run went).
  const deliverable = finishedRunId === null ? null : fileToOpenAfterRun(get().tree, finishedRunId);
  if (deliverable === null || useWorkspaceStore.getState().currentProject !== project) return;
  // A markdown result (a report, a summary) is read, so it opens rendered.
  if (isMarkdownPath(deliverable)) useMarkdownPreviewStore.getState().setPreviewPath(deliverable);
  await useWorkspaceStore.getState().openFile(deliverable, { behindRunDocument: true });
}

function asBytes(file: SharedFile): { path: string; data: Uint8Array } {
  return { path: file.path, data: typeof file.data === 'string' ? encodeUtf8(file.data) : file.data };
}
