import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelMessage } from 'ai';
import { createProxyModelClient, type ProxyModelClientOptions } from '@/lib/model/client/proxy-client';
import type { ModelStepEvent, ModelStepRequest } from '@/lib/model/protocol/step-protocol';
import { heldChatStandInForTheFile } from '@/lib/model/testing/held-chat-stand-in-hooks';
import { fetchThroughRoutes, type SeenRequest } from '@/lib/model/testing/route-fetch';
import { collect } from '@/lib/model/testing/stream-parts';

/**
 * A call's steps send only their new messages (issue #34): the page's proxy
 * client against the real routes in one process, an OpenAI-compatible
 * stand-in over real HTTP behind them that records the conversation each
 * step reached the provider with. The provider must always get the whole
 * conversation, whichever way the page sent it.
 */
const modelRoute = await import('./route');
const sessionRoute = await import('./session/route');
const batchRoute = await import('./steps/route');

const upstream = heldChatStandInForTheFile();
const seen: SeenRequest[] = [];
/** Every step body the page sent, parsed (a batch's lines each), in order. */
const sent: Array<{ path: string; body: StepBody }> = [];
interface StepBody {
  messages: Array<{ role: string; content: unknown }>;
  conversation?: { id: string; after?: string };
}
beforeEach(() => {
  seen.length = 0;
  sent.length = 0;
});

const routes = fetchThroughRoutes({ '/api/model': { POST: modelRoute.POST }, '/api/model/steps': { POST: batchRoute.POST }, '/api/model/session': { GET: sessionRoute.GET, POST: sessionRoute.POST } }, seen);
const recordingFetch: typeof fetch = async (input, init) => {
  const path = new URL(String(input), 'http://localhost').pathname;
  const body = init?.body;
  const text = typeof body === 'string' ? body : body instanceof Blob ? await body.text() : undefined;
  if (text !== undefined && path === '/api/model') sent.push({ path, body: JSON.parse(text) as StepBody });
  if (text !== undefined && path === '/api/model/steps') for (const line of text.trim().split('\n')) sent.push({ path, body: (JSON.parse(line) as { request: StepBody }).request });
  return routes(input, init);
};
const client = (options: Partial<ProxyModelClientOptions> = {}) => createProxyModelClient({ fetch: recordingFetch, ...options });

/** A call as the loop makes it: each step's conversation is the last one's, its answer and a new user message, in a new array. */
class Call {
  messages: ModelMessage[];
  constructor(readonly name: string) {
    this.messages = [{ role: 'user', content: `${name} 1` }];
  }
  request(): ModelStepRequest {
    return { model: 'openai-compatible:fake-model', messages: this.messages, tools: [] };
  }
  /** After a step: its answer and the next question. */
  advance(events: ModelStepEvent[]): void {
    const answer = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
    const turn = this.messages.filter((message) => message.role === 'user').length + 1;
    this.messages = [...this.messages, { role: 'assistant', content: answer }, { role: 'user', content: `${this.name} ${turn}` }];
  }
  /** The conversation as the provider gets it (OpenAI chat messages). */
  expected(): Array<{ role: string; content: unknown }> {
    return this.messages.map((message) => ({ role: message.role, content: message.content }));
  }
}

async function stepOf(model: ReturnType<typeof client>, call: Call): Promise<ModelStepEvent[]> {
  const events = await collect(model.step(call.request(), new AbortController().signal));
  expect(events.at(-1)?.type).toBe('finish');
  return events;
}

const postStep = (body: unknown) => modelRoute.POST(new Request('http://localhost/api/model', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));

describe("a call's steps continue the conversation the server kept", () => {
  it('sends each step only its new messages, after the last step; the provider gets the whole conversation every step', async () => {
    const model = client();
    const call = new Call('question');
    const provided: unknown[] = [];
    for (let step = 0; step < 4; step += 1) {
      provided.push(call.expected());
      call.advance(await stepOf(model, call));
    }
    expect(upstream.conversations).toEqual(provided);
    expect(sent.map(({ body }) => body.messages.length)).toEqual([1, 2, 2, 2]);
    expect(sent.map(({ body }) => body.messages.at(-1)?.content)).toEqual(['question 1', 'question 2', 'question 3', 'question 4']);
    const ids = sent.map(({ body }) => body.conversation?.id);
    expect(sent.map(({ body }) => body.conversation?.after)).toEqual([undefined, ids[0], ids[1], ids[2]]);
    expect(seen.every((request) => request.path === '/api/model')).toBe(true);
  });

  it('sends a step whole, once more, when the server has not kept its conversation (here: its limits changed), and that call\'s later steps whole', async () => {
    const model = client();
    const call = new Call('restarted');
    call.advance(await stepOf(model, call));
    // Other bounds make another store: what the old one kept is gone, as after a restart.
    vi.stubEnv('WORKERBENCH_KEPT_CONVERSATION_IDLE_MS', '599999');
    const forgotten = call.expected();
    call.advance(await stepOf(model, call));
    const later = call.expected();
    call.advance(await stepOf(model, call));
    expect(upstream.conversations.slice(1)).toEqual([forgotten, later]);
    expect(upstream.asked).toEqual(['restarted 1', 'restarted 2', 'restarted 3']);
    // The continuing body, refused; the whole one; then the next step whole, with nothing for the server to keep.
    expect(sent.map(({ body }) => [body.messages.length, body.conversation?.after === undefined ? 'whole' : 'after'])).toEqual([
      [1, 'whole'],
      [2, 'after'],
      [3, 'whole'],
      [5, 'whole'],
    ]);
    expect(sent.slice(2).map(({ body }) => body.conversation)).toEqual([undefined, undefined]);
  });

  it('answers a step that continues a conversation it has not kept 409 conversation_unknown, without asking the provider', async () => {
    const response = await postStep({ model: 'openai-compatible:fake-model', messages: [{ role: 'user', content: 'next' }], tools: [], conversation: { id: 'never-seen-before.2', after: 'never-seen-before.1' } });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: 'conversation_unknown', message: expect.stringContaining('whole conversation') } });
    expect(upstream.asked).toEqual([]);
  });

  it('refuses a malformed new message by its field, and keeps the conversation for a step sent right', async () => {
    const first = await postStep({ model: 'openai-compatible:fake-model', messages: [{ role: 'user', content: 'first' }], tools: [], conversation: { id: 'malformed-test.1' } });
    expect(first.status).toBe(200);
    await first.text();
    const bad = await postStep({ model: 'openai-compatible:fake-model', messages: [{ role: 'assistant', content: 'ok' }, { role: 'wizard', content: 'x' }], tools: [], conversation: { id: 'malformed-test.2', after: 'malformed-test.1' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe('Invalid request field "messages.1.role": expected one of "system", "user", "assistant", "tool"');
    const empty = await postStep({ model: 'openai-compatible:fake-model', messages: [], tools: [], conversation: { id: 'malformed-test.2' } });
    expect(empty.status).toBe(400);
    const badId = await postStep({ model: 'openai-compatible:fake-model', messages: [{ role: 'user', content: 'x' }], tools: [], conversation: { id: 'short', after: 'malformed-test.1' } });
    expect(((await badId.json()) as { error: { message: string } }).error.message).toMatch(/^Invalid request field "conversation.id"/);
    const good = await postStep({ model: 'openai-compatible:fake-model', messages: [{ role: 'assistant', content: 'ok' }, { role: 'user', content: 'second' }], tools: [], conversation: { id: 'malformed-test.2', after: 'malformed-test.1' } });
    expect(good.status).toBe(200);
    await good.text();
    expect(upstream.conversations).toEqual([
      [{ role: 'user', content: 'first' }],
      [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'second' },
      ],
    ]);
  });

  it('continues conversations on the step stream and in batches: a fan-out\'s steps go in one POST with only their new messages', async () => {
    const model = client({ stepStream: { plainStepsFirst: 4, batch: {} } });
    const parent = new Call('parent');
    parent.advance(await stepOf(model, parent));
    const children = Array.from({ length: 3 }, (_, index) => new Call(`child ${index}`));
    const provided: unknown[] = [];
    for (let round = 0; round < 2; round += 1) {
      provided.push(...children.map((child) => child.expected()));
      const answers = await Promise.all(children.map((child) => stepOf(model, child)));
      children.forEach((child, index) => child.advance(answers[index]!));
    }
    expect(upstream.conversations.slice(1).sort(byText)).toEqual(provided.sort(byText));
    const batched = sent.filter(({ path }) => path === '/api/model/steps');
    expect(batched.map(({ body }) => body.messages.length)).toEqual([1, 1, 1, 2, 2, 2]);
    expect(batched.slice(3).every(({ body }) => body.conversation?.after !== undefined)).toBe(true);
    // Every step on the stream: none sent on its own request beyond four.
    const streamed = client({ stepStream: { plainStepsFirst: 0 } });
    const alone = new Call('streamed');
    for (let step = 0; step < 3; step += 1) alone.advance(await stepOf(streamed, alone));
    expect(upstream.conversations.slice(-1)).toEqual([alone.expected().slice(0, -2)]);
    expect(sent.slice(-3).map(({ body }) => body.messages.length)).toEqual([1, 2, 2]);
    expect(seen.filter((request) => request.path === '/api/model').slice(-3).map((request) => request.onStream)).toEqual([true, true, true]);
    model.stepStream?.close();
    streamed.stepStream?.close();
  });
});

const byText = (left: unknown, right: unknown) => JSON.stringify(left).localeCompare(JSON.stringify(right));
