import type { ModelStepClient } from '@/lib/model/protocol/step-protocol';
import type { ProjectTrust } from '@/lib/project/project-trust';
import type { FileSystem } from '@/lib/vfs/file-system';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import type { Toolset } from '@/lib/runtime/toolsets/toolset';
import type { StepRecorder } from '@/lib/runtime/step-record';
import type { RecordedRun } from '@/lib/runtime/recorded-run/recorded-run';
import { answerApprovalsFromRecord } from '@/lib/runtime/recorded-run/replay-approvals';
import type { ApprovalHandler } from '@/lib/runtime/approval-handler';
import type { RunErrorInfo, RunEvent } from '@/lib/runtime/events';
import { createRandomIdGenerator, type IdGenerator } from '@/lib/runtime/ids';
import type { AttachmentInput } from '@/lib/runtime/attachments/load-attachments';
import type { PdfTextExtractor } from '@/lib/runtime/attachments/pdf-text-extractor';
import type { AttachmentPreparer, Clock, RunContext, RunnableProject } from '@/lib/runtime/run-context';
import { isRunError, RunError, toRunErrorInfo } from '@/lib/runtime/run-error';
import { runWorkerCall } from '@/lib/runtime/run-worker';
import { createRunSession, type RunSession } from '@/lib/runtime/run-session';
import { checkWorkerTools } from '@/lib/runtime/check-worker-tools';
import { createModelSlots } from '@/lib/runtime/model-requests/model-slots';
import type { Sleep } from '@/lib/runtime/model-requests/sleep';

/**
 * Starts one run: run-start, the entry worker through the same runWorkerCall
 * that runs every child, then run-end or run-error. Never rejects: every
 * failure becomes a located run-error event and a RunOutcome. The run fails
 * only when the entry worker fails, is stopped, or a limit ends it; a child's
 * failure (including its depth or step limit) is a tool error its parent's
 * model sees and can act on.
 */
export interface StartRunOptions {
  project: RunnableProject;
  /**
   * Required on purpose: every caller says whether the project's files may
   * loosen approvals ('untrusted' for an imported project; lib/project/project-trust.ts).
   */
  projectTrust: ProjectTrust;
  /** The project sandbox (project-relative paths). */
  sandbox: FileSystem;
  /** Defaults to the project's entry worker. */
  workerName?: string;
  /** Text, or for an entry worker with an input schema its value (or JSON text). */
  input: unknown;
  /** Project-relative paths (or slot references) of files for the entry worker. */
  attachments?: readonly AttachmentInput[];
  /** "provider:model" the run was started with; a worker's own model wins. */
  model?: string;
  modelClient: ModelStepClient;
  approvalHandler: ApprovalHandler;
  onEvent(event: RunEvent): void;
  signal?: AbortSignal;
  /** Pass the same session to several runs to keep "approve for this session" grants. */
  session?: RunSession;
  apiKey?: string;
  idGenerator?: IdGenerator;
  clock?: Clock;
  prepareAttachments?: AttachmentPreparer;
  /** Whether a model reads PDFs natively (ModelOption.supportsPdf); assumed true when not given. */
  modelSupportsPdf?: (model: string) => boolean;
  /** Needed for workers whose PDFs go as text (pdf_input "text", or a model without PDF support). */
  extractPdfText?: PdfTextExtractor;
  /** Toolsets the platform adds to workers beyond their frontmatter (dynamic workers, tests). */
  extraToolsets?: (worker: WorkerDefinition) => Toolset[];
  /** Told each completed model step's request and response, for the run record. */
  recordStep?: StepRecorder;
  /**
   * A past run this one follows (recorded-run.ts says how, per mode): resume
   * an interrupted run, replay one offline, or fork one from a step. run-start
   * names it as `resumedFrom`, `replayOf` or `forkOf`.
   */
  recorded?: RecordedRun;
  /** The platform's name for the project version the run starts from (a history commit); told in run-start. */
  projectCommit?: string;
  /** Waits before a model retry (tests pass one that takes no real time). */
  sleep?: Sleep;
  /** Jitter source of the retry backoff. */
  random?: () => number;
}

export type RunOutcome =
  | { runId: string; status: 'completed'; output: unknown; durationMs: number }
  | { runId: string; status: 'failed' | 'aborted'; error: RunErrorInfo; durationMs: number };

export async function startRun(options: StartRunOptions): Promise<RunOutcome> {
  const newId = options.idGenerator ?? createRandomIdGenerator();
  const now = options.clock ?? Date.now;
  const signal = options.signal ?? new AbortController().signal;
  const runId = newId('run');
  const rootCallId = newId('call');
  const workerName = options.workerName ?? options.project.manifest.entry;
  const startedAt = now();
  const base = { runId, callId: rootCallId, parentCallId: null, workerName, depth: 0 };

  const context: RunContext = {
    runId,
    project: options.project,
    projectTrust: options.projectTrust,
    sandbox: options.sandbox,
    runModel: options.model,
    apiKey: options.apiKey,
    modelClient: options.modelClient,
    // A replay answers its questions as the recorded run's person did.
    approvalHandler: options.recorded?.mode === 'replay' ? answerApprovalsFromRecord(options.recorded, options.approvalHandler) : options.approvalHandler,
    session: options.session ?? createRunSession(),
    emit: (event) => {
      // A listener's failure must not take the run down with it.
      try {
        options.onEvent(event);
      } catch {
        /* ignored on purpose */
      }
    },
    signal,
    newId,
    now,
    prepareAttachments: options.prepareAttachments,
    extraToolsets: options.extraToolsets,
    modelSupportsPdf: options.modelSupportsPdf,
    extractPdfText: options.extractPdfText,
    recordStep: options.recordStep,
    ...(options.recorded === undefined ? {} : { recorded: options.recorded }),
    // One pool per run: children share their parent's slots, so a fan-out of workers cannot exceed it.
    modelSlots: createModelSlots(options.project.manifest.runtime.max_concurrency),
    sleep: options.sleep,
    random: options.random,
  };

  const runModel = options.model ?? options.project.manifest.default_model ?? '';
  context.emit({
    ...base,
    timestamp: startedAt,
    type: 'run-start',
    input: typeof options.input === 'string' ? options.input : JSON.stringify(options.input),
    model: runModel,
    ...followedRecordFields(options.recorded),
    ...(options.projectCommit === undefined ? {} : { projectCommit: options.projectCommit }),
  });
  try {
    const worker = options.project.workers.get(workerName) ?? context.session.dynamicWorkers.get(workerName);
    if (worker === undefined) {
      throw new RunError('unknown_worker', `The project has no worker named ${workerName}.`, 'project.json');
    }
    // Every worker this run could reach gets its tools checked before the first model call.
    await checkWorkerTools(context, worker);
    const result = await runWorkerCall(context, {
      worker,
      input: options.input,
      attachments: options.attachments,
      parentCallId: null,
      depth: 0,
      callId: rootCallId,
    });
    const durationMs = now() - startedAt;
    context.emit({ ...base, timestamp: now(), type: 'run-end', output: result.output, durationMs });
    return { runId, status: 'completed', output: result.output, durationMs };
  } catch (caught) {
    const aborted = signal.aborted || isRunError(caught, 'aborted');
    const error = aborted
      ? { ...toRunErrorInfo(caught), code: 'aborted', message: 'The run was stopped.' }
      : toRunErrorInfo(caught);
    const durationMs = now() - startedAt;
    context.emit({ ...base, timestamp: now(), type: 'run-error', error, durationMs });
    return { runId, status: aborted ? 'aborted' : 'failed', error, durationMs };
  }
}

/** How run-start names the record a run follows: the run it resumes, replays or forks. */
function followedRecordFields(recorded: RecordedRun | undefined) {
  if (recorded === undefined) return {};
  if (recorded.mode === 'replay') return { replayOf: recorded.runId };
  if (recorded.mode === 'fork') return { forkOf: recorded.runId };
  return { resumedFrom: recorded.runId };
}
