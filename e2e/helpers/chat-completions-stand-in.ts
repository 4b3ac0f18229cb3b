import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible server (Ollama, LM Studio): POST /chat/completions
 * answered as a stream of `chat.completion.chunk` server-sent events, the wire format
 * those servers document. Its script: when offered write_file and not yet answered, it
 * writes `answer.md`; then it says what it did. Deterministic, so tests can assert on it.
 */
export interface StandIn {
  baseUrl: string;
  requests: unknown[];
  close(): Promise<void>;
}

function chunk(delta: Record<string, unknown>, finishReason: string | null, extra: Record<string, unknown> = {}): string {
  const body = { id: 'chatcmpl-standin', object: 'chat.completion.chunk', created: 0, model: 'standin', choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra };
  return `data: ${JSON.stringify(body)}\n\n`;
}

interface ChatRequest {
  messages?: Array<{ role: string }>;
  tools?: Array<{ function?: { name?: string } }>;
}

export async function startChatCompletionsStandIn(content: string): Promise<StandIn> {
  const requests: unknown[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (data: Buffer) => (body += data.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const parsed = JSON.parse(body) as ChatRequest;
      requests.push(parsed);
      const offersWrite = (parsed.tools ?? []).some((tool) => tool.function?.name === 'write_file');
      const answered = (parsed.messages ?? []).some((message) => message.role === 'tool');
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const usage = { usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 } };
      if (offersWrite && !answered) {
        const args = JSON.stringify({ path: 'answer.md', content });
        response.write(chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_standin_1', type: 'function', function: { name: 'write_file', arguments: '' } }] }, null));
        response.write(chunk({ tool_calls: [{ index: 0, function: { arguments: args } }] }, null));
        response.write(chunk({}, 'tool_calls', usage));
      } else {
        response.write(chunk({ role: 'assistant', content: 'The stand-in wrote ' }, null));
        response.write(chunk({ content: '**answer.md**.' }, null));
        response.write(chunk({}, 'stop', usage));
      }
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
