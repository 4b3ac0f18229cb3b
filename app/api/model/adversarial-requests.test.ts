import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADVERSARIAL_BODIES } from '@/lib/model/testing/adversarial-request-bodies';

const { POST } = await import('./route');

/**
 * Anti-hang guard only (speed is measured in bench/): a linear demo answers
 * each body in milliseconds; the quadratic and exponential paths these bodies
 * target took from seconds to hours. A hung handler blocks the thread, so the
 * elapsed time is measured around the whole request, including the stream.
 */
const ANSWER_WITHIN_MS = 5_000;

beforeEach(() => {
  vi.stubEnv('WORKERBENCH_DEMO_DELAY_MS', '0');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('POST /api/model with adversarial bodies for the keyless demo model', () => {
  it.each(ADVERSARIAL_BODIES)('answers "$name" quickly', async ({ body }) => {
    const started = performance.now();
    const response = await POST(
      new Request('http://localhost/api/model', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    );
    const text = await response.text();
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(ANSWER_WITHIN_MS);
    // Every body gets a well-formed answer: a stream of events or a JSON error.
    expect(text.length).toBeGreaterThan(0);
    if (response.ok) expect(text.trim().split('\n').every((line) => JSON.parse(line) !== undefined)).toBe(true);
    else expect(JSON.parse(text)).toHaveProperty('error.code');
    // What the demo builds is bounded too, whatever the schema asks for.
    expect(text.length).toBeLessThan(4 * 1024 * 1024);
  }, 60_000);
});
