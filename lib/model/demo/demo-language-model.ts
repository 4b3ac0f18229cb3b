import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { readConversationState } from '@/lib/model/demo/conversation-state';
import { decideDemoAction, type DecidedAction } from '@/lib/model/demo/decide-demo-action';
import type { DemoPlaybook } from '@/lib/model/demo/demo-types';
import { DEMO_PLAYBOOKS } from '@/lib/model/demo/playbooks';
import { fingerprint, streamingChunks } from '@/lib/model/demo/text-helpers';

export const DEMO_PROVIDER = 'demo';
export const DEMO_MODEL_ID = 'scripted';
export const DEFAULT_DEMO_DELAY_MS = 25;

export interface DemoModelOptions {
  /** Pause before each streamed chunk, so a user sees streaming and can press Stop. */
  delayMs?: number;
  playbooks?: readonly DemoPlaybook[];
}

function abortError(): Error {
  const error = new Error('The demo step was aborted.');
  error.name = 'AbortError';
  return error;
}

function pause(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortError());
  if (milliseconds <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Plausible token counts: about four characters per token; a file part counts as a page or so. */
function estimateUsage(options: LanguageModelV3CallOptions, outputCharacters: number): LanguageModelV3Usage {
  let characters = JSON.stringify(options.tools ?? []).length;
  let fileParts = 0;
  for (const message of options.prompt) {
    if (typeof message.content === 'string') {
      characters += message.content.length;
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text' || part.type === 'reasoning') characters += part.text.length;
      else if (part.type === 'file') fileParts += 1;
      else characters += JSON.stringify(part).length;
    }
  }
  const input = Math.ceil(characters / 4) + fileParts * 500;
  const output = Math.ceil(outputCharacters / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

/**
 * The built-in demo model: a deterministic, scripted LanguageModelV3 that
 * reads the conversation (instructions, tools, input, previous results) and
 * follows the playbooks in `playbooks/`. It drives the real loop with real
 * tool calls; it never pretends to be a real model (answers start "[demo]").
 */
export class DemoLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider = DEMO_PROVIDER;
  readonly modelId = DEMO_MODEL_ID;
  readonly supportedUrls: Record<string, RegExp[]> = {};
  private readonly delayMs: number;
  private readonly playbooks: readonly DemoPlaybook[];

  constructor(options: DemoModelOptions = {}) {
    this.delayMs = Math.max(0, options.delayMs ?? DEFAULT_DEMO_DELAY_MS);
    this.playbooks = options.playbooks ?? DEMO_PLAYBOOKS;
  }

  /** Same conversation, same decision: exposed so tests and the README examples can inspect it. */
  decide(options: LanguageModelV3CallOptions): DecidedAction & { toolCallIds: string[] } {
    const state = readConversationState(options);
    const decided = decideDemoAction(state, this.playbooks);
    // Ids are unique in a conversation (step count) and across workers (fingerprint of the input).
    const prefix = `demo-${fingerprint(`${state.system}\n${state.input}`)}-${state.assistantMessageCount}`;
    return { ...decided, toolCallIds: decided.toolCalls.map((_, index) => `${prefix}-${index}`) };
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    if (options.abortSignal?.aborted) throw abortError();
    const decided = this.decide(options);
    const content: LanguageModelV3Content[] = [];
    if (decided.text) content.push({ type: 'text', text: decided.text });
    decided.toolCalls.forEach((call, index) => {
      content.push({ type: 'tool-call', toolCallId: decided.toolCallIds[index] ?? `call-${index}`, toolName: call.toolName, input: JSON.stringify(call.input) });
    });
    const hasToolCalls = decided.toolCalls.length > 0;
    return {
      content,
      finishReason: { unified: hasToolCalls ? 'tool-calls' : 'stop', raw: hasToolCalls ? 'tool_calls' : 'stop' },
      usage: estimateUsage(options, decided.text.length + JSON.stringify(decided.toolCalls).length),
      response: { id: `demo-response-${decided.toolCallIds[0] ?? fingerprint(decided.text)}`, modelId: DEMO_MODEL_ID, timestamp: new Date(0) },
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    if (options.abortSignal?.aborted) throw abortError();
    const decided = this.decide(options);
    const parts = this.streamParts(options, decided);
    const signal = options.abortSignal;
    const delayMs = this.delayMs;
    let index = 0;
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      async pull(controller) {
        const part = parts[index];
        if (!part) {
          controller.close();
          return;
        }
        try {
          if (part.type === 'text-delta' || part.type === 'tool-call') await pause(delayMs, signal);
        } catch (error) {
          controller.error(error);
          return;
        }
        index += 1;
        controller.enqueue(part);
      },
    });
    return { stream };
  }

  private streamParts(options: LanguageModelV3CallOptions, decided: DecidedAction & { toolCallIds: string[] }): LanguageModelV3StreamPart[] {
    const parts: LanguageModelV3StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', id: `demo-response-${decided.toolCallIds[0] ?? fingerprint(decided.text)}`, modelId: DEMO_MODEL_ID, timestamp: new Date(0) },
    ];
    if (decided.text) {
      parts.push({ type: 'text-start', id: 'text-0' });
      for (const chunk of streamingChunks(decided.text)) parts.push({ type: 'text-delta', id: 'text-0', delta: chunk });
      parts.push({ type: 'text-end', id: 'text-0' });
    }
    decided.toolCalls.forEach((call, index) => {
      parts.push({ type: 'tool-call', toolCallId: decided.toolCallIds[index] ?? `call-${index}`, toolName: call.toolName, input: JSON.stringify(call.input) });
    });
    const hasToolCalls = decided.toolCalls.length > 0;
    parts.push({
      type: 'finish',
      finishReason: { unified: hasToolCalls ? 'tool-calls' : 'stop', raw: hasToolCalls ? 'tool_calls' : 'stop' },
      usage: estimateUsage(options, decided.text.length + JSON.stringify(decided.toolCalls).length),
    });
    return parts;
  }
}

export function createDemoModel(options: DemoModelOptions = {}): DemoLanguageModel {
  return new DemoLanguageModel(options);
}
