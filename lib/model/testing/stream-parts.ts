import type { LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import type { ModelStepEvent } from '@/lib/model/protocol/step-protocol';

/** Helpers shared by the model tests (not imported by production code). */
export function usageOf(input: number, output: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

export function streamOf(parts: LanguageModelV3StreamPart[]): ReadableStream<LanguageModelV3StreamPart> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

export async function collect(events: AsyncIterable<ModelStepEvent>): Promise<ModelStepEvent[]> {
  const all: ModelStepEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}
