/**
 * Test support (not imported by production code): what a provider stand-in
 * answers to one request, independent of any wire format. Each provider's
 * stand-in (anthropic-stand-in.ts, openai-responses-stand-in.ts, …) renders it
 * the way that provider's public API documentation says it streams.
 */
export interface StandInToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface StandInUsage {
  /** All input tokens, cached ones included (each stand-in splits them the way its provider does). */
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from the prompt cache; omitted means the provider reports none. */
  cachedInputTokens?: number;
}

export type StandInReply =
  /** A complete streamed answer: text and/or tool calls, then the provider's final event. */
  | { kind: 'answer'; text?: string; toolCalls?: StandInToolCall[]; usage?: StandInUsage }
  /** An HTTP error before any byte of a stream, as the provider words it. */
  | { kind: 'http-error'; status: number; retryAfter?: string; message?: string }
  /** Some text, then the provider's in-stream error event (e.g. overloaded). */
  | { kind: 'stream-error'; text: string; status: number; message?: string }
  /** Some text, then the connection ends without the provider's final event. */
  | { kind: 'truncated'; text: string };

/** What a stand-in sends back: a status, headers, and the body in chunks (flushed one by one). */
export interface StandInResponse {
  status: number;
  headers: Record<string, string>;
  chunks: string[];
}

export const DEFAULT_USAGE: StandInUsage = { inputTokens: 11, outputTokens: 7 };

export function sseEvent(data: unknown, event?: string): string {
  return `${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`;
}

export const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };

/** Splits text into a few deltas so that streaming is visible. */
export function deltasOf(text: string): string[] {
  const size = Math.max(1, Math.ceil(text.length / 3));
  const parts: string[] = [];
  for (let index = 0; index < text.length; index += size) parts.push(text.slice(index, index + size));
  return parts;
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): StandInResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, chunks: [JSON.stringify(body)] };
}
