import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepFrameDecoder, type StepFrame } from '@/lib/model/protocol/step-frames';
import { StepSessions } from '@/lib/model/server/step-sessions';

const SETTINGS = { idleMs: 1_000, pingMs: 400 };

/** Reads frames off a session's stream as they come. */
function frameReader(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new StepFrameDecoder();
  const frames: StepFrame[] = [];
  return {
    frames,
    async next(): Promise<StepFrame | 'ended'> {
      while (frames.length === 0) {
        const { done, value } = await reader.read();
        if (done) return 'ended';
        frames.push(...decoder.push(value));
      }
      return frames.shift()!;
    },
  };
}

/** After the turn of the event loop in which a step was started: its work has begun. */
const afterTurn = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('StepSessions', () => {
  it('binds a stream to the client that opened it', () => {
    const sessions = new StepSessions(SETTINGS);
    const session = sessions.open('10.0.0.1')!;
    expect(sessions.find(session.id, '10.0.0.1')).toBe(session);
    expect(sessions.find(session.id, '10.0.0.2')).toBeNull();
    expect(sessions.find('made-up', '10.0.0.1')).toBeNull();
    session.close();
    expect(sessions.find(session.id, '10.0.0.1')).toBeNull();
  });

  it('opens at most so many streams per client and in all, and counts closed ones out', () => {
    const sessions = new StepSessions(SETTINGS, { perClient: 2, total: 3 });
    const first = sessions.open('a')!;
    expect(sessions.open('a')).not.toBeNull();
    expect(sessions.open('a')).toBeNull();
    expect(sessions.open('b')).not.toBeNull();
    expect(sessions.open('c')).toBeNull();
    first.close();
    expect(sessions.open('c')).not.toBeNull();
    expect(sessions.size).toBe(3);
  });

  it("names itself first, then sends a step's answer as head, data and end", async () => {
    const session = new StepSessions(SETTINGS).open('a')!;
    const reader = frameReader(session.stream);
    expect(await reader.next()).toMatchObject({ kind: 'open', step: 0 });
    expect(session.start(3, async () => new Response('{"type":"finish"}\n', { status: 200, headers: { 'content-type': 'application/x-ndjson', 'set-cookie': 'no' } }))).toBe(true);
    const head = await reader.next();
    expect(head).toMatchObject({ kind: 'head', step: 3 });
    expect(JSON.parse(new TextDecoder().decode((head as StepFrame).payload))).toEqual({ status: 200, headers: { 'content-type': 'application/x-ndjson' } });
    const data = (await reader.next()) as StepFrame;
    expect([data.kind, new TextDecoder().decode(data.payload)]).toEqual(['data', '{"type":"finish"}\n']);
    expect(await reader.next()).toMatchObject({ kind: 'end', step: 3 });
    session.close();
    expect(await reader.next()).toBe('ended');
  });

  it('sends an answer of known length (a step that arrived at once) as one chunk: head, data and end', async () => {
    const session = new StepSessions(SETTINGS).open('a')!;
    const reader = session.stream.getReader();
    await reader.read(); // open
    const body = new TextEncoder().encode('{"type":"finish"}\n');
    session.start(4, async () => new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson', 'content-length': String(body.byteLength) } }));
    const frames = new StepFrameDecoder().push((await reader.read()).value!);
    expect(frames.map((frame) => [frame.kind, frame.step])).toEqual([['head', 4], ['data', 4], ['end', 4]]);
    expect(new TextDecoder().decode(frames[1]!.payload)).toBe('{"type":"finish"}\n');
    expect(session.stepsInFlight).toBe(0);
    session.close();
  });

  it("sends a step's head with its first bytes as one chunk (one read on the page), and a head alone for an empty body", async () => {
    const session = new StepSessions(SETTINGS).open('a')!;
    const reader = session.stream.getReader();
    await reader.read(); // open
    session.start(1, async () => new Response('{"type":"finish"}\n', { status: 200 }));
    const chunk = await reader.read();
    const frames = new StepFrameDecoder().push(chunk.value!);
    expect(frames.map((frame) => frame.kind)).toEqual(['head', 'data']);
    expect(new StepFrameDecoder().push((await reader.read()).value!)).toMatchObject([{ kind: 'end', step: 1 }]);
    session.start(2, async () => new Response(null, { status: 204 }));
    const alone = new StepFrameDecoder().push((await reader.read()).value!);
    expect(alone).toMatchObject([{ kind: 'head', step: 2 }]);
    session.close();
  });

  it('refuses a step number already in flight, and any step once closed', () => {
    const session = new StepSessions(SETTINGS).open('a')!;
    const never = () => new Promise<Response>(() => undefined);
    expect(session.start(1, never)).toBe(true);
    expect(session.start(1, never)).toBe(false);
    session.close();
    expect(session.start(2, never)).toBe(false);
  });

  it('aborts a step cancelled before its POST arrived (the cancel came first, on another connection)', async () => {
    const session = new StepSessions(SETTINGS).open('a')!;
    session.cancel([5]);
    let signal: AbortSignal | undefined;
    session.start(5, (given) => {
      signal = given;
      return new Promise<Response>(() => undefined);
    });
    await afterTurn();
    expect(signal?.aborted).toBe(true);
    session.close();
  });

  it("begins a step's work after the turn that answers its POST, and begins it even when the stream closed meanwhile (that releases its slot)", async () => {
    const session = new StepSessions(SETTINGS).open('a')!;
    const begun: Array<{ step: number; aborted: boolean }> = [];
    const answer = (step: number) => (signal: AbortSignal) => {
      begun.push({ step, aborted: signal.aborted });
      return new Promise<Response>(() => undefined);
    };
    expect(session.start(1, answer(1))).toBe(true);
    expect(session.start(2, answer(2))).toBe(true);
    expect(begun).toEqual([]);
    await afterTurn();
    expect(begun).toEqual([
      { step: 1, aborted: false },
      { step: 2, aborted: false },
    ]);
    expect(session.start(3, answer(3))).toBe(true);
    session.close();
    await afterTurn();
    expect(begun.at(-1)).toEqual({ step: 3, aborted: true });
  });

  it('closing the stream (the page went away) aborts every step on it', async () => {
    const session = new StepSessions(SETTINGS).open('a')!;
    const signals: AbortSignal[] = [];
    for (const step of [1, 2]) session.start(step, (signal) => (signals.push(signal), new Promise<Response>(() => undefined)));
    await afterTurn();
    void session.stream.cancel();
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true]);
  });

  it('closes itself after its idle time with no step in flight, and pings meanwhile', async () => {
    vi.useFakeTimers();
    const sessions = new StepSessions(SETTINGS);
    const session = sessions.open('a')!;
    const reader = frameReader(session.stream);
    await reader.next();
    await vi.advanceTimersByTimeAsync(450);
    expect(await reader.next()).toMatchObject({ kind: 'ping' });
    await vi.advanceTimersByTimeAsync(600);
    expect(session.isOpen).toBe(false);
    expect(sessions.size).toBe(0);
  });
});
