import type { FinishReason, ModelStepRequest, TokenUsage } from '@/lib/model/protocol/step-protocol';
import type { ModelToolCall } from '@/lib/runtime/model-tool-call';

/**
 * What one model step sent to the proxy and what came back, exactly as the
 * loop saw it: enough to show, replay or resume a run without the model. The
 * user's key is never part of it.
 */
export interface ModelStepRecord {
  runId: string;
  callId: string;
  workerName: string;
  depth: number;
  /** 1-based step of the worker call. */
  step: number;
  request: Omit<ModelStepRequest, 'apiKey'>;
  response: {
    text: string;
    toolCalls: ModelToolCall[];
    usage: TokenUsage;
    finishReason?: FinishReason;
  };
  timestamp: number;
}

export type StepRecorder = (record: ModelStepRecord) => void;

interface StepRecordContext {
  runId: string;
  now: () => number;
  recordStep?: StepRecorder;
}

/** Hands one finished step to the context's recorder, without the key; a recorder that throws is ignored. */
export function recordStep(
  context: StepRecordContext,
  step: {
    callId: string;
    workerName: string;
    depth: number;
    step: number;
    request: ModelStepRequest;
    result: ModelStepRecord['response'];
  },
): void {
  if (context.recordStep === undefined) return;
  const { apiKey: _key, ...request } = step.request;
  void _key;
  try {
    context.recordStep({
      runId: context.runId,
      callId: step.callId,
      workerName: step.workerName,
      depth: step.depth,
      step: step.step,
      request,
      response: {
        text: step.result.text,
        toolCalls: step.result.toolCalls,
        usage: step.result.usage,
        ...(step.result.finishReason === undefined ? {} : { finishReason: step.result.finishReason }),
      },
      timestamp: context.now(),
    });
  } catch {
    /* the record is a by-product; the run goes on */
  }
}
