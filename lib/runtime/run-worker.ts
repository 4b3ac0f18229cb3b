import type { ModelMessage } from 'ai';
import type { ModelStepRequest, TokenUsage } from '@/lib/model/protocol/step-protocol';
import { addTokenUsage, ZERO_USAGE } from '@/lib/model/protocol/token-usage';
import { DEFAULT_MAX_STEPS } from '@/lib/project/manifest-schema';
import { abortedError, raceAbort, throwIfAborted } from '@/lib/runtime/abort';
import { createGatedToolbox } from '@/lib/runtime/approval-gate';
import type { ModelToolCall } from '@/lib/runtime/model-tool-call';
import { childCallPath, ROOT_CALL_PATH } from '@/lib/runtime/recorded-run/call-path';
import { serveRecordedStep } from '@/lib/runtime/recorded-run/serve-recorded-step';
import { stepSourcesFor } from '@/lib/runtime/recorded-run/step-source';
import { summarizeAttachment } from '@/lib/runtime/attachments/attachment';
import type { AttachmentInput } from '@/lib/runtime/attachments/load-attachments';
import { executeToolCalls } from '@/lib/runtime/execute-tool-calls';
import { recordStep } from '@/lib/runtime/step-record';
import { normalizeSandboxPath } from '@/lib/vfs/sandbox-path';
import { runModelStepWithRetries } from '@/lib/runtime/model-requests/model-step-with-retries';
import { prepareWorkerCall } from '@/lib/runtime/prepare-worker-call';
import type { WorkerCallRequest } from '@/lib/runtime/worker-call-request';
import { assembleToolsets, dynamicWorkersSnapshot, sameSnapshot } from '@/lib/runtime/assemble-toolsets';
import { findWorker, type RunContext, type RunEventBody } from '@/lib/runtime/run-context';
import { describeLocation, isRunError, RunError, toRunError } from '@/lib/runtime/run-error';
import type { ToolContext } from '@/lib/runtime/toolsets/toolset';
import { decideStructuredOutput } from '@/lib/runtime/typed-io/structured-output';
import { assistantMessage, toolMessage } from '@/lib/runtime/worker-messages';

/**
 * THE loop. The entry worker of a run and every worker called as a tool go
 * through this one function, so model resolution, compatible_models, input and
 * attachment checks, limits, approvals and events never differ between them.
 *
 * Per step: one model request (system = the worker's instructions plus any
 * extra instructions, the conversation so far, the worker's tools as schemas),
 * text streamed out as it arrives, tool calls passed through the approval gate
 * and run (concurrently unless a tool is sequential), results appended, until a
 * step asks for no tools: its text is the output — or, with an output schema,
 * its JSON, after at most one repair round (lib/runtime/typed-io).
 *
 * Checks that need no model (prepare-worker-call.ts) run before worker-start:
 * a call refused by them never appears as a worker node, only as the error of
 * whatever started it (a tool-error of the parent, or the run-error of an
 * entry run). Once started, a worker always ends with exactly one worker-end
 * (completed, failed or aborted).
 */
export interface WorkerCallResult {
  callId: string;
  output: unknown;
  usage: TokenUsage;
  model: string;
}

export async function runWorkerCall(context: RunContext, request: WorkerCallRequest): Promise<WorkerCallResult> {
  const { worker, depth } = request;
  const here = describeLocation(worker.name, depth);
  throwIfAborted(context.signal, here);
  const callId = request.callId ?? context.newId('call');
  const callPath = request.callPath ?? ROOT_CALL_PATH;
  // Workers started per tool call, numbering their paths.
  const childrenStarted = new Map<string, number>();
  // Reading attachments and extracting PDF text can take long and does not watch the
  // signal: a Stop must not wait for it (the parent's tool call waits for this child).
  const prepared = await raceAbort(prepareWorkerCall(context, request, here), context.signal, here);

  const emit = (body: RunEventBody) =>
    context.emit({
      ...body,
      runId: context.runId,
      callId,
      parentCallId: request.parentCallId,
      workerName: worker.name,
      depth,
      timestamp: context.now(),
    } as Parameters<RunContext['emit']>[0]);

  const toolContext = (toolCallId: string): ToolContext => ({
    runId: context.runId,
    callId,
    workerName: worker.name,
    depth,
    toolCallId,
    sandbox: context.sandbox,
    signal: context.signal,
    manifest: context.project.manifest,
    session: context.session,
    findWorker: (name) => findWorker(context, name),
    fileReadAccess: (path) => toolbox.fileReadAccess(path),
    authorizeFileRead: (path, purpose) => toolbox.authorizeFileRead(path, toolCallId, purpose),
    callWorker: async (child) => {
      // Handing a file to a child gives its model the contents: this worker must be allowed to read it.
      for (const path of attachmentPaths(child.attachments)) await toolbox.authorizeFileRead(path, toolCallId);
      const ordinal = (childrenStarted.get(toolCallId) ?? 0) + 1;
      childrenStarted.set(toolCallId, ordinal);
      const result = await runWorkerCall(context, {
        worker: child.worker,
        input: child.input,
        instructions: child.instructions,
        attachments: child.attachments,
        parentCallId: callId,
        parentToolCallId: toolCallId,
        depth: depth + 1,
        callPath: childCallPath(callPath, toolCallId, ordinal),
      });
      return result.output;
    },
  });

  const buildToolbox = async () =>
    createGatedToolbox(await assembleToolsets(context, worker), {
      context,
      callId,
      workerName: worker.name,
      depth,
      toolsetsConfig: worker.toolsets,
      emit,
      toolContext,
      callPath,
    });
  let toolbox = await buildToolbox();
  let createdWorkers = dynamicWorkersSnapshot(context);
  throwIfAborted(context.signal, here);

  const startedAt = context.now();
  let usage: TokenUsage = ZERO_USAGE;
  emit({
    type: 'worker-start',
    model: prepared.model,
    input: prepared.input,
    attachments: prepared.attachments.map(summarizeAttachment),
    ...(request.parentToolCallId === undefined ? {} : { parentToolCallId: request.parentToolCallId }),
    ...(worker.templatesExpanded === true ? { instructions: worker.instructions } : {}),
  });

  const maxSteps = worker.max_steps ?? context.project.manifest.runtime.max_steps ?? DEFAULT_MAX_STEPS;
  const system = request.instructions?.trim() ? `${worker.instructions}\n\n${request.instructions}` : worker.instructions;
  const messages: ModelMessage[] = [prepared.firstMessage];
  let step = 0;
  let outputAttempts = 0;
  const usedToolCallIds = new Set<string>();
  // A run that follows a record (resume, replay, fork) answers this call's steps from it while it can.
  const stepSources = stepSourcesFor(context.recorded, context.recorded?.call(callPath));
  try {
    for (;;) {
      if (step >= maxSteps) {
        throw new RunError(
          'max_steps',
          `Worker ${worker.name} did not finish within its ${maxSteps} steps (max_steps).`,
          describeLocation(worker.name, depth, step),
        );
      }
      step += 1;
      const location = describeLocation(worker.name, depth, step);
      // A worker created in the previous step becomes a named tool from this step on.
      if (!sameSnapshot(createdWorkers, dynamicWorkersSnapshot(context))) {
        toolbox = await buildToolbox();
        createdWorkers = dynamicWorkersSnapshot(context);
      }
      const stepRequest: ModelStepRequest = {
        model: prepared.model,
        system,
        messages: [...messages],
        tools: toolbox.definitions,
        ...(prepared.outputSchema === undefined ? {} : { outputSchema: prepared.outputSchema }),
        ...(context.apiKey === undefined ? {} : { apiKey: context.apiKey }),
      };
      const stepNumber = step;
      const handlers = {
        onTextDelta: (text: string) => emit({ type: 'text-delta', text }),
        onToolCall: (call: ModelToolCall) => emit({ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, args: call.args }),
      };
      const source = stepSources.choose(step, stepRequest, location);
      const result =
        source.kind === 'recorded'
          ? serveRecordedStep(source.record, handlers, usedToolCallIds)
          : await runModelStepWithRetries(
              {
                client: context.modelClient,
                request: stepRequest,
                signal: context.signal,
                handlers: {
                  ...handlers,
                  onWait: (wait) => emit({ type: 'model-wait', step: stepNumber, ...wait }),
                  onWaitEnd: () => emit({ type: 'model-wait-end', step: stepNumber }),
                },
                location,
                usedToolCallIds,
              },
              {
                slots: context.modelSlots,
                maxRetries: context.project.manifest.runtime.max_retries,
                sleep: context.sleep,
                random: context.random,
              },
            );
      // A recorded step cost nothing in this run: its tokens were counted in the run that made it.
      const stepUsage = source.kind === 'model' ? result.usage : ZERO_USAGE;
      usage = addTokenUsage(usage, stepUsage);
      emit({ type: 'step-finish', step, usage: stepUsage, ...(source.kind === 'model' ? {} : { fromRecord: true }) });
      recordStep(context, { callId, workerName: worker.name, depth, step, request: stepRequest, result });
      messages.push(assistantMessage(result.text, result.toolCalls));

      if (result.toolCalls.length > 0) {
        const outcomes = await executeToolCalls(toolbox, result.toolCalls, source.toolCalls);
        throwIfAborted(context.signal, location);
        messages.push(toolMessage(outcomes));
        continue;
      }
      let output: unknown = result.text;
      if (prepared.outputSchema !== undefined) {
        outputAttempts += 1;
        const decision = decideStructuredOutput({ workerName: worker.name, schema: prepared.outputSchema, output: result.text, attempt: outputAttempts });
        if (decision.action === 'fail') throw new RunError('invalid_output', decision.error.message, location);
        if (decision.action === 'repair') {
          // One more step, telling the model exactly what was wrong.
          messages.push(decision.message);
          continue;
        }
        output = decision.value;
      }
      emit({ type: 'worker-end', status: 'completed', output, usage: { ...usage }, durationMs: context.now() - startedAt });
      return { callId, output, usage: { ...usage }, model: prepared.model };
    }
  } catch (caught) {
    const location = describeLocation(worker.name, depth, step === 0 ? undefined : step);
    const aborted = context.signal.aborted || isRunError(caught, 'aborted');
    const error = aborted ? abortedError(location) : toRunError(caught, 'internal_error', location);
    emit({
      type: 'worker-end',
      status: aborted ? 'aborted' : 'failed',
      output: null,
      usage: { ...usage },
      durationMs: context.now() - startedAt,
      error: error.toInfo(),
    });
    throw error;
  }
}

/** The distinct canonical paths of the files a call passes; a path the sandbox refuses is left to the attachment loader to report. */
function attachmentPaths(attachments: readonly AttachmentInput[] | undefined): string[] {
  const paths = new Set<string>();
  for (const attachment of attachments ?? []) {
    const raw: unknown = typeof attachment === 'string' ? attachment : attachment?.path;
    if (typeof raw !== 'string') continue;
    try {
      paths.add(normalizeSandboxPath(raw));
    } catch {
      // Not a sandbox path: refused by loadAttachments with a clear error before anything is read.
    }
  }
  return [...paths];
}

