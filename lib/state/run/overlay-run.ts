import { browserPdfTextExtractor } from '@/lib/pdf/load-pdfjs-browser';
import type { LoadedProject } from '@/lib/project/analyze-project';
import type { RunEvent } from '@/lib/runtime/events';
import { startRun, type RunOutcome } from '@/lib/runtime/start-run';
import { createRunSession } from '@/lib/runtime/run-session';
import type { FileSystem } from '@/lib/vfs/file-system';
import { createOverlayFileSystem, type OverlayChange, type OverlayFileSystem } from '@/lib/vfs/overlay-file-system';
import { relativePath } from '@/lib/vfs/path';
import { errorMessage } from '@/lib/errors/error-message';
import { absolutePath } from '../workspace/project-folders';
import { createArchiveListener } from '../run-archive/archive-listener';
import type { ApprovalBridge } from './approval-bridge';
import { browserModelClient, projectSandbox } from './run-platform';
import { useRunStore } from './run-store';
import { projectTrustFor } from '../share/trust-store';
import { batchRunEvents } from './event-batcher';

/**
 * One run in a scratch copy of the project: a copy-on-write overlay over the stored
 * project, so what the run writes stays in the overlay (and can be applied or dropped)
 * and several runs at once never collide. Compare runs models side by side this way;
 * the test runner runs each case this way. Each is a normal run all the same: kept in
 * the run archive (events and model steps) and shown in the Runs panel.
 */
export interface OverlayRunOptions {
  fileSystem: FileSystem;
  project: string;
  loaded: LoadedProject;
  workerName: string;
  input: unknown;
  attachments: readonly string[];
  model: string;
  approvals: ApprovalBridge;
  signal: AbortSignal;
  /** Whether each model reads PDFs natively; unknown models are assumed to. */
  supportsPdf: ReadonlyMap<string, boolean>;
  onEvent: (event: RunEvent) => void;
}

export interface OverlayRunResult {
  outcome: RunOutcome;
  overlay: OverlayFileSystem;
  /** Project-relative paths the run changed in its overlay. */
  changes: OverlayChange[];
}

export async function runInOverlay(options: OverlayRunOptions): Promise<OverlayRunResult> {
  const overlay = createOverlayFileSystem(options.fileSystem);
  const kept = createArchiveListener(options.project, (error) => useRunStore.setState({ archiveError: `A run could not be kept for later: ${errorMessage(error)}` }));
  // The Runs panel's tree takes the events a batch at a time (see run/event-batcher).
  const shown = batchRunEvents((events) => useRunStore.getState().addRunEvents(options.project, events));
  const outcome = await startRun({
    project: options.loaded,
    // An imported project's own approve_all / pre_approved count only once the person trusts it.
    projectTrust: projectTrustFor(options.project),
    sandbox: projectSandbox(overlay, options.project),
    workerName: options.workerName,
    input: options.input,
    attachments: options.attachments,
    model: options.model,
    modelClient: browserModelClient(),
    approvalHandler: options.approvals.handler,
    onEvent: (event) => {
      kept.onEvent(event);
      shown.push(event);
      options.onEvent(event);
    },
    signal: options.signal,
    // Each run starts from the same grants: none; created workers stay in its own overlay.
    session: createRunSession(),
    modelSupportsPdf: (id) => options.supportsPdf.get(id) ?? true,
    extractPdfText: browserPdfTextExtractor,
    recordStep: kept.recordStep,
  }).finally(() => shown.flush());
  await kept.flush();
  const projectRoot = absolutePath(options.project, '');
  const changes = (await overlay.changes().catch(() => [])).map((change) => ({ ...change, path: relativePath(change.path, projectRoot) }));
  return { outcome, overlay, changes };
}
