import { ModelStepError, STATUS_BY_CODE } from '@/lib/model/protocol/model-step-error';
import { checkJsonBounds } from '@/lib/security/bounded-json';
import { TOOL_VALUE_JSON_LIMITS } from '@/lib/security/json-limits';
import { parseModelId } from '@/lib/model/protocol/model-id';
import { codeForProviderStatus } from '@/lib/model/protocol/provider-error-status';
import { parseRetryAfterMs } from '@/lib/model/protocol/retry-after';
import type { ModelOption, ModelStepClient, ModelStepEvent, ModelStepRequest, ProxyErrorBody, ProxyErrorCode } from '@/lib/model/protocol/step-protocol';
import { errorMessage } from '@/lib/errors/error-message';
import { SESSION_CLOSED_STATUS, STEP_NUMBER_HEADER, STEP_SESSION_HEADER } from '@/lib/model/protocol/step-frames';
import { sendStepBatch, stepBatchesOf } from './step-batch-sender';
import { stepRequestBodies } from './step-request-body';
import { nextMacrotask, StepsSentTogether } from './steps-sent-together';
import type { StepStream } from './step-stream';
import { StepStreamKeeper } from './step-stream-keeper';

/**
 * The browser side of one model step: POSTs to the proxy and turns the NDJSON
 * response into events as bytes arrive. No Node APIs, so it runs in the page.
 */
export interface ProxyModelClientOptions {
  endpoint?: string;
  fetch?: typeof globalThis.fetch;
  /** The user's own key for a provider (kept in the browser), sent with each request. */
  getApiKey?: (provider: string) => string | undefined | Promise<string | undefined>;
  /** The server's access token (WORKERBENCH_ACCESS_TOKEN) as the user entered it; sent as a bearer token. */
  getAccessToken?: () => string | undefined;
  /**
   * Called when the proxy answers that it needs the access token (none sent,
   * or a wrong one); resolves true when the user entered one, and the request
   * is sent once more with it.
   */
  requestAccessToken?: (problem: 'missing' | 'wrong') => Promise<boolean>;
  /**
   * Sends steps on one step stream (`GET /api/model/session`, step-stream.ts)
   * instead of holding a connection each until its answer ends: for a page
   * over HTTP/1.1, where the browser opens six connections to a server. Steps
   * go one request each whenever no stream is open.
   */
  stepStream?: boolean | StepStreamChoice;
}

export interface StepStreamChoice {
  sessionEndpoint?: string;
  /**
   * How many steps go one request each, as without a stream, before the next
   * ones go on it (0, the default: every step on the stream). A step on its own
   * request costs less than one on the stream (a frame to cut and join, a second
   * response on the page, `npm run bench -- step-overhead`), and while few steps
   * are in flight the browser's connections suffice: the stream only pays when
   * more steps are in flight than the connections can hold
   * (connection-budget.ts, PLAIN_STEPS_BESIDE_A_STREAM).
   */
  plainStepsFirst?: number;
  /**
   * Steps the loop sends at the same moment go as one `POST /api/model/steps`
   * (lib/model/protocol/step-batch.ts), answered on the stream: the server's
   * per-request cost is paid once for a fan-out's children, not once a child.
   * A step sent alone still goes on its own request while fewer than
   * `plainStepsFirst` do. Off unless given.
   */
  batch?: StepBatchChoice;
}

export interface StepBatchChoice {
  endpoint?: string;
  /** The turn that ends a group of steps sent together (the page: a yield to the main thread); a macrotask by default. */
  nextTurn?: () => Promise<void>;
}

/** A step waiting for the others sent with it (StepsSentTogether); its answer is settled when the group is sent. */
interface GatheredStep {
  body: string | Blob;
  signal: AbortSignal;
  done: Array<() => void>;
  post: (streamHeaders: Record<string, string>) => Promise<Response>;
  settle: (response: Promise<Response>) => void;
}

/** The headers our own proxy needs besides the body: the access token, when there is one. */
function authorizationHeader(options: Pick<ProxyModelClientOptions, 'getAccessToken'>): Record<string, string> {
  const token = options.getAccessToken?.();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The error code in one of our proxy's answers, read from a copy (the answer's own body stays unread). */
function proxyErrorCodeOf(response: Response): Promise<string | undefined> {
  return response
    .clone()
    .json()
    .then((body: Partial<ProxyErrorBody>) => body.error?.code)
    .catch(() => undefined);
}

/**
 * Sends a request; when the proxy asks for the access token, asks the user
 * (once per request) and sends it again with the token.
 */
async function sendWithAccessToken(
  send: (headers: Record<string, string>) => Promise<Response>,
  options: Pick<ProxyModelClientOptions, 'getAccessToken' | 'requestAccessToken'>,
): Promise<Response> {
  const headers = authorizationHeader(options);
  const response = await send(headers);
  if (response.status !== 401 || options.requestAccessToken === undefined) return response;
  if ((await proxyErrorCodeOf(response)) !== 'access_token_required') return response;
  const entered = await options.requestAccessToken(headers.Authorization === undefined ? 'missing' : 'wrong');
  return entered ? send(authorizationHeader(options)) : response;
}

const ABORTED: ModelStepEvent = { type: 'error', error: { code: 'aborted', message: 'The model step was aborted.' } };
// The codes the proxy can answer with: STATUS_BY_CODE lists each once, so a new code is known here too.
const KNOWN_CODES: ReadonlySet<string> = new Set(Object.keys(STATUS_BY_CODE));

function codeForStatus(status: number): ProxyErrorCode {
  if (status === 413) return 'payload_too_large';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429 || status === 503 || status === 529) return codeForProviderStatus(status);
  if (status >= 400 && status < 500) return 'bad_request';
  return 'upstream_error';
}

async function errorFromResponse(response: Response): Promise<ModelStepError> {
  const text = await response.text().catch(() => '');
  const headerRetryAfterMs = parseRetryAfterMs(response.headers);
  try {
    const body = JSON.parse(text) as Partial<ProxyErrorBody>;
    const error = body.error;
    if (error && typeof error.message === 'string' && typeof error.code === 'string' && KNOWN_CODES.has(error.code)) {
      const upstreamStatus = typeof error.status === 'number' ? error.status : undefined;
      const retryAfterMs = typeof error.retryAfterMs === 'number' && error.retryAfterMs >= 0 ? error.retryAfterMs : headerRetryAfterMs;
      return new ModelStepError({ code: error.code, message: error.message, status: response.status, upstreamStatus, retryAfterMs });
    }
  } catch {
    // Not our JSON (a gateway or dev-server error page): fall back to the status.
  }
  return new ModelStepError({
    code: codeForStatus(response.status),
    message: `The model proxy answered ${response.status} ${response.statusText}`.trim(),
    status: response.status,
    retryAfterMs: headerRetryAfterMs,
  });
}

/** A 409 `conversation_unknown`: the step continued a conversation the server has not kept (step-request-body.ts). */
async function isConversationUnknown(response: Response): Promise<boolean> {
  if (response.status !== STATUS_BY_CODE.conversation_unknown || (await proxyErrorCodeOf(response)) !== 'conversation_unknown') return false;
  await response.body?.cancel().catch(() => undefined);
  return true;
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === 'AbortError');
}

function parseLine(line: string): ModelStepEvent | null {
  try {
    const value = JSON.parse(line) as { type?: unknown };
    // What the model sends (tool arguments above all) is untrusted: bounded before the run records or shows it.
    const bounds = checkJsonBounds(value, TOOL_VALUE_JSON_LIMITS, "the model's response");
    if (!bounds.ok) return { type: 'error', error: { code: 'upstream_error', message: bounds.message } };
    return typeof value === 'object' && value !== null && typeof value.type === 'string' ? (value as ModelStepEvent) : null;
  } catch {
    return null;
  }
}

/**
 * Splits a byte stream into NDJSON events, however the lines are cut across
 * reads. Linear in the bytes: each read is searched for line ends once, and a
 * line cut across many reads is kept as its pieces until it ends (re-splitting
 * the whole waiting text on every read was quadratic in a long line).
 */
export async function* readNdjsonEvents(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<ModelStepEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  /** The pieces of the line not ended yet. */
  let pieces: string[] = [];
  let ended = false;
  /** The event of one whole line; null for a blank line; undefined when the line is not an event. */
  const eventOf = (raw: string): ModelStepEvent | null | undefined => {
    const line = raw.trim();
    return line.length === 0 ? null : (parseLine(line) ?? undefined);
  };
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        yield isAbort(error, signal) ? ABORTED : { type: 'error', error: { code: 'network_error', message: 'The connection to the model proxy was lost.' } };
        return;
      }
      const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      const lines: string[] = [];
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        pieces.push(text.slice(start, end));
        lines.push(pieces.join(''));
        pieces = [];
        start = end + 1;
      }
      if (start < text.length) pieces.push(text.slice(start));
      // The stream's end ends its last line too.
      if (chunk.done && pieces.length > 0) lines.push(pieces.join(''));
      for (const line of lines) {
        const event = eventOf(line);
        if (event === null) continue;
        if (event === undefined) {
          yield { type: 'error', error: { code: 'upstream_error', message: 'The model proxy sent a malformed event.' } };
          return;
        }
        yield event;
        if (event.type === 'finish' || event.type === 'error') {
          ended = true;
          return;
        }
      }
      if (chunk.done) break;
    }
    if (!ended) {
      yield signal.aborted ? ABORTED : { type: 'error', error: { code: 'upstream_error', message: 'The model stream ended before the step finished.' } };
    }
  } finally {
    // Covers early exits (finish, consumer break): release the connection.
    reader.cancel().catch(() => {});
  }
}

/**
 * The answer to a step sent on the page's step stream: its POST only starts
 * it (202), and the answer arrives on the stream. Undefined when the stream
 * closed before the POST arrived: the step then goes on its own request.
 * An abort of `signal` cancels the step on the server (the abort listener is
 * removed by `done`, once the step's answer has been read).
 */
interface SendOnStreamOptions {
  stream: StepStream;
  send: (headers: Record<string, string>) => Promise<Response>;
  signal: AbortSignal;
  done: Array<() => void>;
}

async function sendOnStream({ stream, send, signal, done }: SendOnStreamOptions): Promise<Response | undefined> {
  const delivery = stream.expect();
  const cancel = () => delivery.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  done.push(() => signal.removeEventListener('abort', cancel));
  let posted: Response;
  try {
    posted = await send({ [STEP_SESSION_HEADER]: stream.id, [STEP_NUMBER_HEADER]: String(delivery.step) });
  } catch (error) {
    delivery.forget();
    throw error;
  }
  if (posted.status === 202) {
    posted.body?.cancel().catch(() => undefined);
    return delivery.response;
  }
  delivery.forget();
  if (posted.status !== SESSION_CLOSED_STATUS) return posted;
  await posted.body?.cancel().catch(() => undefined);
  return undefined;
}

export function createProxyModelClient(options: ProxyModelClientOptions = {}): ModelStepClient & { readonly stepStream?: StepStreamKeeper } {
  const endpoint = options.endpoint ?? '/api/model';
  // Looked up at each call, so a fetch replaced after the client was made (a test's) is the one used.
  const fetchImplementation: typeof globalThis.fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const choice: StepStreamChoice | undefined = options.stepStream === undefined || options.stepStream === false ? undefined : options.stepStream === true ? {} : options.stepStream;
  const keeper =
    choice === undefined
      ? undefined
      : new StepStreamKeeper({ sessionEndpoint: choice.sessionEndpoint ?? '/api/model/session', fetch: fetchImplementation, headers: () => authorizationHeader(options) });
  const plainStepsFirst = choice?.plainStepsFirst ?? 0;
  /** Steps on their own request whose answer is still being read: each holds one of the browser's connections. */
  let plainInFlight = 0;
  const countAsPlain = (done: Array<() => void>) => {
    plainInFlight += 1;
    done.push(() => (plainInFlight -= 1));
  };
  const batchEndpoint = choice?.batch?.endpoint ?? '/api/model/steps';
  const postBatch = (batchHeaders: Record<string, string>, body: string) =>
    sendWithAccessToken((headers) => fetchImplementation(batchEndpoint, { method: 'POST', headers: { Accept: 'application/x-ndjson', ...batchHeaders, ...headers }, body }), options);
  /** A group of steps sent together: one alone on its own request while there is room, the rest on the stream, together in one POST. */
  const sendGroup = async (group: GatheredStep[]): Promise<void> => {
    const live = group.filter((step) => {
      if (step.signal.aborted) step.settle(Promise.reject(new DOMException('The model step was aborted.', 'AbortError')));
      return !step.signal.aborted;
    });
    if (live.length === 1 && plainInFlight < plainStepsFirst) {
      countAsPlain(live[0]!.done);
      // The stream is opened (or found missing) by the steps that go alone, before a fan-out needs it.
      void keeper?.stream();
      live[0]!.settle(live[0]!.post({}));
      return;
    }
    const stream = await keeper?.stream();
    if (stream === undefined) {
      for (const step of live) step.settle(step.post({}));
      return;
    }
    /** A step on the stream by its own POST: one whose body is a Blob (a large conversation), or the only one of its batch. */
    const alone = (step: GatheredStep) => step.settle(sendOnStream({ stream, send: step.post, signal: step.signal, done: step.done }).then((answer) => answer ?? step.post({})));
    live.filter((step) => typeof step.body !== 'string').forEach(alone);
    for (const batch of stepBatchesOf(live.filter((step): step is GatheredStep & { body: string } => typeof step.body === 'string'))) {
      if (batch.length === 1) {
        alone(batch[0]!);
        continue;
      }
      const answers = sendStepBatch({ stream, steps: batch, post: postBatch });
      batch.forEach((step, index) => step.settle(answers.then((all) => all[index] ?? step.post({}))));
    }
  };
  const together = choice?.batch === undefined || keeper === undefined ? undefined : new StepsSentTogether<GatheredStep>(choice.batch.nextTurn ?? nextMacrotask, (group) => void sendGroup(group).catch((error: unknown) => group.forEach((step) => step.settle(Promise.reject(error)))));
  /** Sends one body of a step by the way its transport chooses; what the sending holds is released through `done`. */
  const sendStep = async (body: string | Blob, signal: AbortSignal, done: Array<() => void>): Promise<Response> => {
    const post = (streamHeaders: Record<string, string>) =>
      sendWithAccessToken(
        (headers) => fetchImplementation(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson', ...streamHeaders, ...headers }, body, signal }),
        options,
      );
    if (together !== undefined) {
      // With batches, the way is decided for the steps sent together, once they are all there (sendGroup).
      return new Promise<Response>((resolve, reject) => together.add({ body, signal, done, post, settle: (answer) => answer.then(resolve, reject) }));
    }
    // Its own request while fewer than plainStepsFirst hold one, else the stream (when one is open or may be).
    const plain = keeper === undefined || plainInFlight < plainStepsFirst;
    if (plain) {
      countAsPlain(done);
      // The stream is opened (or found missing) by the first steps, before a fan-out needs it: a fan-out's
      // steps then neither wait for it to open nor count on one the server cannot carry (mayStream).
      if (keeper !== undefined) void keeper.stream();
    }
    const stream = plain ? undefined : await keeper?.stream();
    return (stream === undefined ? undefined : await sendOnStream({ stream, send: post, signal, done })) ?? (await post({}));
  };
  return {
    ...(keeper === undefined ? {} : { stepStream: keeper }),
    async *step(request: ModelStepRequest, signal: AbortSignal): AsyncGenerator<ModelStepEvent> {
      if (signal.aborted) {
        yield ABORTED;
        return;
      }
      const provider = parseModelId(request.model)?.provider;
      const apiKey = request.apiKey ?? (provider && options.getApiKey ? await options.getApiKey(provider) : undefined);
      const bodies = stepRequestBodies(request, apiKey);
      const done: Array<() => void> = [];
      try {
        let response: Response;
        try {
          response = await sendStep(bodies.body, signal, done);
          if (bodies.continues && (await isConversationUnknown(response))) {
            // The server has not kept the conversation this step continues: send it whole, once more.
            for (const release of done.splice(0)) release();
            response = await sendStep(bodies.whole(), signal, done);
          }
        } catch (error) {
          if (isAbort(error, signal)) {
            yield ABORTED;
            return;
          }
          throw new ModelStepError({ code: 'network_error', message: `Could not reach the model proxy: ${errorMessage(error)}`, status: 0 });
        }
        if (!response.ok) throw await errorFromResponse(response);
        if (!response.body) throw new ModelStepError({ code: 'upstream_error', message: 'The model proxy sent no body.', status: response.status });
        yield* readNdjsonEvents(response.body, signal);
      } finally {
        for (const release of done) release();
      }
    },
  };
}

export interface ModelOptionsResponse {
  models: ModelOption[];
  defaultModel: string;
}

/** `GET /api/models`: what the model picker offers. */
export async function fetchModelOptions(
  options: { endpoint?: string; fetch?: typeof globalThis.fetch; signal?: AbortSignal } & Pick<ProxyModelClientOptions, 'getAccessToken' | 'requestAccessToken'> = {},
): Promise<ModelOptionsResponse> {
  const fetchImplementation = options.fetch ?? globalThis.fetch.bind(globalThis);
  const response = await sendWithAccessToken(
    (headers) => fetchImplementation(options.endpoint ?? '/api/models', { signal: options.signal, headers: { Accept: 'application/json', ...headers } }),
    options,
  );
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as ModelOptionsResponse;
}
