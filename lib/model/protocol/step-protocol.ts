import type { ModelMessage } from 'ai';

/**
 * The wire format of one model step between the browser loop and the proxy
 * (`POST /api/model`). The browser sends the conversation of one worker (the
 * whole of it, or its new messages after one the server kept: ConversationReference)
 * plus the tool definitions (schemas only, never `execute`); the proxy streams
 * back newline-delimited JSON events. Tool calls are executed by the browser,
 * never by the server: this is what keeps the loop in one place.
 */
export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema (draft-07 subset) of the tool's arguments. */
  inputSchema: Record<string, unknown>;
}

export interface ModelStepRequest {
  /** "provider:model", e.g. "openai:gpt-4.1-mini" or "demo:scripted". */
  model: string;
  system?: string;
  /** AI SDK model messages; binary file parts carry base64 strings. */
  messages: ModelMessage[];
  tools: ToolDefinition[];
  /** When set, the step must end in structured output matching this JSON Schema. */
  outputSchema?: Record<string, unknown>;
  /** A key the user brought: used for this request only, never logged or stored. */
  apiKey?: string;
}

/**
 * Which conversation a step's messages complete, on the wire only (the page's
 * proxy client adds it; the loop never sees it). The server keeps each step's
 * conversation under `id` for a while (lib/model/server/kept-conversations.ts),
 * so the next step of the call sends `after`, the id of the conversation it
 * continues, and only the messages that came after it. When the server has not
 * kept `after`, it answers 409 `conversation_unknown` and the page sends the
 * whole conversation again.
 */
export interface ConversationReference {
  id: string;
  after?: string;
}

/** Ids of kept conversations: letters, digits, ".", "_", "-" (a random part and a counter, proxy-client.ts). */
export const CONVERSATION_ID_PATTERN = /^[A-Za-z0-9._-]{16,80}$/;

export interface TokenUsage {
  /** Every input token, cached ones included (the AI SDK's `inputTokens`). */
  inputTokens: number;
  outputTokens: number;
  /**
   * How many of `inputTokens` the provider read from its prompt cache (priced
   * lower). Absent when the provider reported none; never counted twice.
   */
  cachedInputTokens?: number;
}

export type FinishReason = 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'error' | 'other';

export type ModelStepEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  | { type: 'finish'; finishReason: FinishReason; usage: TokenUsage }
  | { type: 'error'; error: ProxyErrorDetail };

/** Every non-2xx response of the proxy has this body. */
export interface ProxyErrorBody {
  error: ProxyErrorDetail;
}

export interface ProxyErrorDetail {
  code: ProxyErrorCode;
  message: string;
  /** The provider's HTTP status (529 overloaded, 429 …) when the failure came from the provider. */
  status?: number;
  /** How long the provider asked to wait (retry-after / retry-after-ms), in milliseconds. */
  retryAfterMs?: number;
}

export type ProxyErrorCode =
  | 'bad_request'
  | 'payload_too_large'
  | 'unknown_model'
  | 'unauthorized'
  | 'upstream_error'
  /** The provider answered 429, or the proxy's own per-client limit (both carry Retry-After). */
  | 'rate_limited'
  /** The provider is overloaded or unavailable (Anthropic 529, 503). */
  | 'overloaded'
  /** The provider could not be reached (connection refused, reset, DNS). */
  | 'network_error'
  | 'aborted'
  | 'internal_error'
  /** The request's Host or Origin is not allowed (403). */
  | 'forbidden'
  /** The server needs its WORKERBENCH_ACCESS_TOKEN and the request had none or a wrong one (401). */
  | 'access_token_required'
  /** The step continues a conversation the server has not kept (409): the page sends it whole. */
  | 'conversation_unknown';

/** Bodies above this are refused with 413 before parsing (PDF parts are large). */
export const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

/**
 * A limit on model steps in flight that a client's transport sets for everyone
 * using it (every run on the page), where the run's own max_concurrency is per
 * run. Acquired before each request and released when it ends.
 */
export interface StepConnectionSlots {
  readonly limit: number;
  /** A place at once when one is free, else undefined. */
  tryAcquire(): (() => void) | undefined;
  /** Waits for a place; rejects as soon as the signal aborts, giving its turn up. */
  acquire(signal: AbortSignal): Promise<() => void>;
}

/** What the browser loop needs from "a model": one step, streamed, abortable. */
export interface ModelStepClient {
  step(request: ModelStepRequest, signal: AbortSignal): AsyncIterable<ModelStepEvent>;
  /** The transport's own limit on steps in flight, shared by all its users; absent when it has none. */
  readonly connections?: StepConnectionSlots;
}

/** One entry of `GET /api/models`. Never contains a key. */
export interface ModelOption {
  id: string;
  provider: string;
  label: string;
  /** True for the built-in demo model: its answers are scripted, not generated. */
  scripted: boolean;
  /** Whether PDFs can be sent as file parts; otherwise extracted text is sent. */
  supportsPdf: boolean;
  /** True when the server has no key and the user must bring one in Settings. */
  needsUserKey: boolean;
}
