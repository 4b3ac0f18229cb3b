import { describe, expect, it } from 'vitest';
import { BROWSER_CONNECTIONS_PER_SERVER, stepConnectionBudget } from './connection-budget';

describe('stepConnectionBudget', () => {
  it('keeps steps over HTTP/1.x below the browser’s six connections, one left for the page', () => {
    expect(BROWSER_CONNECTIONS_PER_SERVER).toBe(6);
    expect(stepConnectionBudget('http/1.1')).toBe(5);
    expect(stepConnectionBudget('http/1.0')).toBe(5);
  });

  it('sets no limit where requests share one connection (HTTP/2, HTTP/3)', () => {
    for (const protocol of ['h2', 'H2', 'h2c', 'h3', 'h3-29', 'quic', ' h2 ']) expect(stepConnectionBudget(protocol)).toBeUndefined();
  });

  it('counts a protocol it cannot tell as HTTP/1.1: a stalled page costs more than a narrower fan-out', () => {
    for (const protocol of [undefined, '', 'spdy/3', 'h2-but-not']) expect(stepConnectionBudget(protocol)).toBe(5);
  });
});
