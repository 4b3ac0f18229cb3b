import { afterEach, describe, expect, it } from 'vitest';
import { startStandInServer, type StandInServer } from '@/lib/model/testing/stand-in-server';

let standIn: StandInServer | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/** Reads a streamed chat completion up to its last event, as a client that frees its slot there does. */
async function readUntilDone(origin: string): Promise<number> {
  const response = await fetch(`${origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer test' },
    body: JSON.stringify({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'Hi.' }] }),
  });
  if (response.status !== 200) return response.status;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('data: [DONE]')) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return response.status;
}

describe('the stand-in provider with a concurrency limit', () => {
  it('ends a response with its last chunk, so a client that read it may send the next request at once', async () => {
    standIn = await startStandInServer({ apiKey: 'test', chunkDelayMs: 40, maxInFlight: 1 });
    expect(await readUntilDone(standIn.origin)).toBe(200);
    expect(await readUntilDone(standIn.origin)).toBe(200);
    expect(standIn.refusedForConcurrency).toBe(0);
  });

  it('refuses a request beyond the limit with 429 while another is being served', async () => {
    standIn = await startStandInServer({ apiKey: 'test', chunkDelayMs: 40, maxInFlight: 1 });
    const statuses = await Promise.all([readUntilDone(standIn.origin), readUntilDone(standIn.origin)]);
    expect(statuses.sort()).toEqual([200, 429]);
    expect(standIn.refusedForConcurrency).toBe(1);
  });
});
