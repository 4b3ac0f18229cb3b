import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { classifyError } from '@/lib/model/server/classify-error';
import { describeErrorChain, networkFailureReason } from '@/lib/model/server/network-failure';
import { errorShapes, PLANTED, plantedIn } from '@/lib/model/testing/address-leak-corpus';

describe('what a client is told names no address', () => {
  it.each(errorShapes().map((shape) => [shape.name, shape] as const))('%s', (_name, shape) => {
    const told = classifyError(shape.error, { provider: 'Ollama' });
    expect(plantedIn(told.message)).toEqual([]);
    if (shape.unreachable) {
      expect(told.code).toBe('network_error');
      expect(told.message).toMatch(/^Ollama could not be reached: [A-Za-z ]+\.$/);
    } else {
      expect(told.code).not.toBe('network_error');
    }
  });

  it('words each network failure from its code', () => {
    const [refused, , aggregate, dns, cut, tls] = errorShapes();
    expect(classifyError(refused!.error, { provider: 'Ollama' }).message).toBe('Ollama could not be reached: the connection was refused.');
    expect(networkFailureReason(aggregate!.error)).toBe('the connection was refused');
    expect(networkFailureReason(dns!.error)).toBe('its host name could not be resolved');
    expect(networkFailureReason(cut!.error)).toBe('the connection broke');
    expect(networkFailureReason(tls!.error)).toBe('its TLS certificate was not accepted');
    expect(networkFailureReason(new Error('something else'))).toBeUndefined();
  });

  it('keeps the provider\'s own words and status, without the addresses in them', () => {
    const told = classifyError(new APICallError({ message: 'Incorrect API key. Ask the admin of http://10.20.30.40:8443.', url: 'http://10.20.30.40:8443/v1', requestBodyValues: {}, statusCode: 401 }), { provider: 'OpenAI' });
    expect(told).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(told.message).toBe('OpenAI rejected the credentials (401): Incorrect API key. Ask the admin of [address hidden].');
  });

  it('leaves ordinary text alone', () => {
    const told = classifyError(new APICallError({ message: 'Model qwen2.5:7b does not support tools (v1.2, at 10:30)', url: 'x', requestBodyValues: {}, statusCode: 400 }), { provider: 'Ollama' });
    expect(told.message).toBe('Ollama request failed (400): Model qwen2.5:7b does not support tools (v1.2, at 10:30)');
  });

  it('follows a bounded chain: a cycle of causes ends', () => {
    const first = new Error('first') as Error & { cause?: unknown };
    const second = new Error('second', { cause: first });
    first.cause = second;
    expect(networkFailureReason(first)).toBeUndefined();
    expect(describeErrorChain(first)).toBe('Error: first <- Error: second');
  });

  it('the log keeps the detail a client is not told', () => {
    const logged = errorShapes()
      .map((shape) => describeErrorChain(shape.error))
      .join('\n');
    for (const address of PLANTED.filter((address) => address !== 'unix://' && address !== 'https://')) expect(logged).toContain(address);
  });
});
