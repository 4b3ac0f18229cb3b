import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleModelStepRequest } from '@/lib/model/server/model-step-handler';
import { errorShapes, plantedIn } from '@/lib/model/testing/address-leak-corpus';

/**
 * Upstream failures told to a client through the real handler and route:
 * what failed and which provider, never a host, port or URL; the server's
 * log keeps the detail.
 */
const { POST } = await import('./route');

let logged: string[] = [];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  vi.stubEnv('WORKERBENCH_ACCESS_TOKEN', '');
  vi.stubEnv('OPENAI_COMPATIBLE_NAME', 'Ollama');
  vi.stubEnv('OPENAI_COMPATIBLE_MODELS', 'llama');
  vi.stubEnv('OPENAI_COMPATIBLE_API_KEY', '');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const STEP = JSON.stringify({ model: 'openai-compatible:llama', messages: [{ role: 'user', content: 'Hello' }] });

function stepRequest(): Request {
  return new Request('http://localhost/api/model', { method: 'POST', headers: { 'content-type': 'application/json' }, body: STEP });
}

/** Everything a client receives: status line stand-in, headers and body. */
async function everythingTold(response: Response): Promise<string> {
  return `${response.status} ${JSON.stringify([...response.headers])} ${await response.text()}`;
}

describe('the real route, real sockets', () => {
  it('"connect ECONNREFUSED 127.0.0.1:4" reaches the client as "Ollama could not be reached"', async () => {
    vi.stubEnv('OPENAI_COMPATIBLE_BASE_URL', 'http://127.0.0.1:4/v1');
    const response = await POST(stepRequest());
    expect(response.status).toBe(502);
    const told = await everythingTold(response);
    expect(plantedIn(told)).toEqual([]);
    expect(told).toContain('"code":"network_error"');
    expect(told).toContain('Ollama could not be reached: the connection was refused.');
    expect(logged.join('\n')).toContain('127.0.0.1:4');
  });

  it('an upstream that cuts its answer mid-stream: the error event names no address', async () => {
    const server: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'llama', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hi' }, finish_reason: null }] })}\n\n`);
      setTimeout(() => response.socket?.destroy(), 20);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      vi.stubEnv('OPENAI_COMPATIBLE_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
      const response = await POST(stepRequest());
      const told = await everythingTold(response);
      expect(told).toContain('"type":"error"');
      expect(plantedIn(told)).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a client that goes away mid-answer', () => {
  it('while the proxy waits for the provider: the upstream closes, the slot is freed once, and nothing is written to the closed stream', async () => {
    let upstreamClosed = false;
    const server: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'llama', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hi' }, finish_reason: null }] })}\n\n`);
      // The rest never comes: the proxy's next read waits for the provider.
      response.on('close', () => (upstreamClosed = true));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      vi.stubEnv('OPENAI_COMPATIBLE_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
      let ended = 0;
      const response = await handleModelStepRequest(stepRequest(), { env: process.env, onEnd: () => (ended += 1) });
      const reader = response.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('Hi');
      // The stream pulls for the next events as soon as the first are read; the client leaves during that wait.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await reader.cancel();
      await vi.waitFor(() => expect(upstreamClosed).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ended).toBe(1);
      expect(logged.filter((line) => line.includes('[api/model]'))).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('every error shape in the corpus, thrown where the provider\'s fetch throws', () => {
  it.each(errorShapes().map((shape) => [shape.name, shape] as const))('%s', async (_name, shape) => {
    vi.stubEnv('OPENAI_COMPATIBLE_BASE_URL', 'http://internal-llm.corp:11434/v1');
    const fetch = (async () => {
      throw shape.error;
    }) as typeof globalThis.fetch;
    const response = await handleModelStepRequest(stepRequest(), { env: process.env, fetch });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(plantedIn(await everythingTold(response))).toEqual([]);
  });

  it.each([
    [500, 'text/html', '<html><body>502 Bad Gateway from http://10.20.30.40:8443/v1 (ollama.lan:11434)</body></html>'],
    [401, 'application/json', JSON.stringify({ error: { message: 'Unknown key; manage keys at https://internal-llm.corp/keys', type: 'auth' } })],
    [400, 'application/json', JSON.stringify({ error: { message: 'model not found on [fd00::7]:11434', type: 'invalid_request_error' } })],
  ])('an upstream answering %i with addresses in its body', async (status, contentType, body) => {
    vi.stubEnv('OPENAI_COMPATIBLE_BASE_URL', 'http://internal-llm.corp:11434/v1');
    const fetch = (async () => new Response(body, { status, headers: { 'content-type': contentType } })) as typeof globalThis.fetch;
    const response = await handleModelStepRequest(stepRequest(), { env: process.env, fetch });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const told = await everythingTold(response);
    expect(told).toContain('Ollama');
    expect(plantedIn(told)).toEqual([]);
  });
});
