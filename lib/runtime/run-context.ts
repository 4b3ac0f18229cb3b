import type { ModelStepClient } from '@/lib/model/protocol/step-protocol';
import type { ProjectManifest } from '@/lib/project/manifest-schema';
import type { ProjectTrust } from '@/lib/project/project-trust';
import type { FileSystem } from '@/lib/vfs/file-system';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import type { ApprovalHandler } from '@/lib/runtime/approval-handler';
import type { RunEvent, RunEventBase } from '@/lib/runtime/events';
import type { IdGenerator } from '@/lib/runtime/ids';
import type { RunSession } from '@/lib/runtime/run-session';
import type { Attachment } from '@/lib/runtime/attachments/attachment';
import type { AttachmentInput } from '@/lib/runtime/attachments/load-attachments';
import type { PdfTextExtractor } from '@/lib/runtime/attachments/pdf-text-extractor';
import type { Toolset } from '@/lib/runtime/toolsets/toolset';
import type { StepRecorder } from '@/lib/runtime/step-record';
import type { RecordedRun } from '@/lib/runtime/recorded-run/recorded-run';
import type { ModelSlots } from '@/lib/runtime/model-requests/model-slots';
import type { Sleep } from '@/lib/runtime/model-requests/sleep';

/**
 * Everything one run shares across its worker calls. Platform services (the
 * sandbox, the model transport, the approval dialog, the clock) come in from
 * outside so the runtime stays free of UI and browser globals.
 */

/** What the runtime needs of a loaded project; lib/project's LoadedProject satisfies it. */
export interface RunnableProject {
  manifest: ProjectManifest;
  workers: ReadonlyMap<string, WorkerDefinition>;
}

export type Clock = () => number;

/** Reads the files passed to a worker from the caller's sandbox, enforcing the worker's attachment policy. */
export type AttachmentPreparer = (
  worker: WorkerDefinition,
  inputs: readonly AttachmentInput[],
  sandbox: FileSystem,
) => Promise<Attachment[]>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event without the fields every event carries; the emitter of a worker call adds them. */
export type RunEventBody = DistributiveOmit<RunEvent, keyof RunEventBase>;

export interface RunContext {
  runId: string;
  project: RunnableProject;
  /** Whether the project's files may loosen approvals (approve_all, pre_approved); see lib/project/project-trust.ts. */
  projectTrust: ProjectTrust;
  sandbox: FileSystem;
  /** The model the run was started with; a worker's own `model` wins over it. */
  runModel?: string;
  /** A key the user brought; passed with every model step, never stored. */
  apiKey?: string;
  modelClient: ModelStepClient;
  approvalHandler: ApprovalHandler;
  session: RunSession;
  emit(event: RunEvent): void;
  signal: AbortSignal;
  newId: IdGenerator;
  now: Clock;
  /** Checks the files passed to a worker against its policy and reads them; defaults to prepareAttachments. */
  prepareAttachments?: AttachmentPreparer;
  /** Whether a model reads PDFs natively (ModelOption.supportsPdf); assumed true when not given. */
  modelSupportsPdf?: (model: string) => boolean;
  /** Turns PDFs into text for models that cannot read them (pdf_input "text"). */
  extractPdfText?: PdfTextExtractor;
  /**
   * Toolsets the platform adds to a worker beyond its frontmatter ones (e.g.
   * dynamic workers, or test tools); they go through the same gate.
   */
  extraToolsets?: (worker: WorkerDefinition) => Toolset[];
  /**
   * A past run this one follows (resume): its recorded steps answer in place of
   * the model and its recorded tool outcomes stand (recorded-run/).
   */
  recorded?: RecordedRun;
  /** Told each completed model step's request and response (the run record); a failure here never fails the run. */
  recordStep?: StepRecorder;
  /** The run's bounded model concurrency (runtime.max_concurrency); unbounded when absent. */
  modelSlots?: ModelSlots;
  /** Waits before a retry; injected by tests so that backoff needs no real time. */
  sleep?: Sleep;
  /** Jitter of the retry backoff, in [0, 1); injected by tests. */
  random?: () => number;
}

/** The toolsets the platform adds to this worker (none unless configured). */
export function extraToolsetsFor(context: RunContext, worker: WorkerDefinition): Toolset[] {
  return context.extraToolsets?.(worker) ?? [];
}

/** A worker by name: the project's first, then the ones created in this session. */
export function findWorker(context: RunContext, name: string): WorkerDefinition | undefined {
  return context.project.workers.get(name) ?? context.session.dynamicWorkers.get(name);
}
