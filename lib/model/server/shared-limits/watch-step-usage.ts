import 'server-only';
import type { TokenUsage } from '@/lib/model/protocol/step-protocol';

/**
 * Passes a model step's NDJSON answer through unchanged while reading its
 * `finish` events, and calls `done` once with the step's usage (null when
 * it had none: an error, or a client that went away) when the body ends,
 * fails or is cancelled — the moment the shared slot can go back and the
 * step's spend is known.
 */
export function watchStepUsage(response: Response, done: (usage: TokenUsage | null) => void): Response {
  let called = false;
  let usage: TokenUsage | null = null;
  const finish = () => {
    if (called) return;
    called = true;
    done(usage);
  };
  if (response.body === null) {
    finish();
    return response;
  }
  const decoder = new TextDecoder();
  let pending = '';
  const read = (text: string) => {
    pending += text;
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      newline = pending.indexOf('\n');
      if (!line.includes('"finish"')) continue;
      try {
        const event = JSON.parse(line) as { type?: string; usage?: TokenUsage };
        if (event.type === 'finish' && event.usage !== undefined) {
          usage = {
            inputTokens: (usage?.inputTokens ?? 0) + (event.usage.inputTokens ?? 0),
            outputTokens: (usage?.outputTokens ?? 0) + (event.usage.outputTokens ?? 0),
          };
        }
      } catch {
        /* not an event line: nothing to count */
      }
    }
  };
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          finish();
          controller.close();
          return;
        }
        read(decoder.decode(value, { stream: true }));
        controller.enqueue(value);
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    async cancel(reason) {
      finish();
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
