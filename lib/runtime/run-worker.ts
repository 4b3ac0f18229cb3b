import type { ModelMessage } from 'ai';
import type { ModelStepRequest, TokenUsage } from '@/lib/model/step-protocol';
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_STEPS } from '@/lib/project/manifest-schema';
import type { WorkerDefinition } from '@/lib/worker/worker-schema';
import { abortedError, throwIfAborted } from '@/lib/runtime/abort';
import { createGatedToolbox, type GatedToolbox } from '@/lib/runtime/approval-gate';
import { summarizeAttachment, type Attachment } from '@/lib/runtime/attachments/attachment';
import { executeToolCalls } from '@/lib/runtime/execute-tool-calls';
import { resolveWorkerModel } from '@/lib/runtime/model-resolution';
import { runModelStep } from '@/lib/runtime/model-step';
import { readAttachments } from '@/lib/runtime/read-attachments';
import { extraToolsetsFor, findWorker, type RunContext, type RunEventBody } from '@/lib/runtime/run-context';
import { describeLocation, isRunError, RunError, toRunErrorInfo } from '@/lib/runtime/run-error';
import type { ToolContext } from '@/lib/runtime/toolsets/toolset';
import { toolsetsForWorker } from '@/lib/runtime/toolsets/worker-tools';
import { assistantMessage, toolMessage, userMessage } from '@/lib/runtime/worker-messages';
import { workerOutput } from '@/lib/runtime/worker-output';

/**
 * THE loop. The entry worker of a run and every worker called as a tool go
 * through this one function, so model resolution, compatible_models, input and
 * attachment checks, limits, approvals and events never differ between them.
 *
 * Per step: one model request (system = the worker's instructions plus any
 * extra instructions, the conversation so far, the worker's tools as schemas),
 * text streamed out as it arrives, tool calls passed through the approval gate
 * and run (concurrently unless a tool is sequential), results appended, until a
 * step asks for no tools: its text (or, with an output schema, its JSON) is the
 * output.
 *
 * Checks that need no model (depth, model, input, tools, attachments) run
 * before worker-start: a call refused by them never appears as a worker node,
 * only as the error of whatever started it (a tool-error of the parent, or the
 * run-error of an entry run). Once started, a worker always ends with exactly
 * one worker-end (completed, failed or aborted).
 */
export interface WorkerCallRequest {
  worker: WorkerDefinition;
  input: string;
  /** Appended to the worker's instructions for this call only. */
  instructions?: string;
  /** Project-relative paths, read from the caller's sandbox. */
  attachments?: readonly string[];
  parentCallId: string | null;
  /** The parent's tool call that started this worker (links the tree). */
  parentToolCallId?: string;
  /** 0 for the entry worker, parent depth + 1 for a worker called as a tool. */
  depth: number;
  /** Pre-allocated id (the run uses it in run-start); generated when absent. */
  callId?: string;
}

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
  const manifest = context.project.manifest;

  const maxDepth = manifest.runtime.max_depth ?? DEFAULT_MAX_DEPTH;
  if (depth > maxDepth) {
    throw new RunError(
      'max_depth',
      `Calling worker ${worker.name} would nest ${depth} calls deep, beyond the project's max_depth of ${maxDepth}.`,
      here,
    );
  }
  const model = resolveWorkerModel({ worker, runModel: context.runModel, projectDefaultModel: manifest.default_model });
  const attachmentPaths = request.attachments ?? [];
  if (request.input.trim() === '' && attachmentPaths.length === 0 && worker.allow_empty_input !== true) {
    throw new RunError(
      'empty_input',
      `Worker ${worker.name} needs an input (it does not set allow_empty_input: true).`,
      here,
    );
  }

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
    findWorker: (name) => findWorker(context, name),
    callWorker: async (child) => {
      const result = await runWorkerCall(context, {
        worker: child.worker,
        input: child.input,
        instructions: child.instructions,
        attachments: child.attachments,
        parentCallId: callId,
        parentToolCallId: toolCallId,
        depth: depth + 1,
      });
      return result.output;
    },
  });

  const toolsets = [...toolsetsForWorker(worker, (name) => findWorker(context, name)), ...extraToolsetsFor(context, worker)];
  const toolbox: GatedToolbox = createGatedToolbox(toolsets, {
    context,
    callId,
    workerName: worker.name,
    depth,
    toolsetsConfig: worker.toolsets,
    emit,
    toolContext,
  });
  const prepare = context.prepareAttachments ?? readAttachments;
  const attachments: Attachment[] = attachmentPaths.length === 0 ? [] : await prepare(worker, attachmentPaths, context.sandbox);
  throwIfAborted(context.signal, here);

  const startedAt = context.now();
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  emit({
    type: 'worker-start',
    model,
    input: request.input,
    attachments: attachments.map(summarizeAttachment),
    ...(request.parentToolCallId === undefined ? {} : { parentToolCallId: request.parentToolCallId }),
  });

  const maxSteps = worker.max_steps ?? manifest.runtime.max_steps ?? DEFAULT_MAX_STEPS;
  const system = request.instructions?.trim() ? `${worker.instructions}\n\n${request.instructions}` : worker.instructions;
  const messages: ModelMessage[] = [userMessage(request.input, attachments)];
  let step = 0;
  try {
    for (;;) {
      if (step >= maxSteps) {
        throw new RunError(
          'max_steps',
          `Worker ${worker.name} did not finish within its ${maxSteps} steps (max_steps); the last step still asked for tools.`,
          describeLocation(worker.name, depth, step),
        );
      }
      step += 1;
      const location = describeLocation(worker.name, depth, step);
      const stepRequest: ModelStepRequest = {
        model,
        system,
        messages: [...messages],
        tools: toolbox.definitions,
        ...(worker.output_schema === undefined ? {} : { outputSchema: worker.output_schema }),
        ...(context.apiKey === undefined ? {} : { apiKey: context.apiKey }),
      };
      const result = await runModelStep(context.modelClient, stepRequest, context.signal, {
        onTextDelta: (text) => emit({ type: 'text-delta', text }),
        onToolCall: (call) => emit({ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, args: call.args }),
      }, location);
      usage.inputTokens += result.usage.inputTokens;
      usage.outputTokens += result.usage.outputTokens;
      emit({ type: 'step-finish', step, usage: result.usage });
      messages.push(assistantMessage(result.text, result.toolCalls));

      if (result.toolCalls.length === 0) {
        const output = workerOutput(result.text, worker.output_schema, location);
        emit({ type: 'worker-end', status: 'completed', output, usage: { ...usage }, durationMs: context.now() - startedAt });
        return { callId, output, usage: { ...usage }, model };
      }
      const outcomes = await executeToolCalls(toolbox, result.toolCalls);
      throwIfAborted(context.signal, location);
      messages.push(toolMessage(outcomes));
    }
  } catch (caught) {
    const location = describeLocation(worker.name, depth, step === 0 ? undefined : step);
    const aborted = context.signal.aborted || isRunError(caught, 'aborted');
    const error = aborted ? abortedError(location) : asRunError(caught, location);
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

function asRunError(error: unknown, location: string): RunError {
  if (error instanceof RunError) return error.location === undefined ? new RunError(error.code, error.message, location) : error;
  const info = toRunErrorInfo(error, 'internal_error', location);
  return new RunError(info.code, info.message, info.location);
}
