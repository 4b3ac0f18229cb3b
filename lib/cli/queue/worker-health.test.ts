import { describe, expect, it } from 'vitest';
import { serveWorkerHealth, type WorkerHealthState } from './worker-health';

describe('worker health endpoint', () => {
  it('answers 200 while ready and connected, 503 while draining or reconnecting, 404 elsewhere', async () => {
    const state: WorkerHealthState = { status: 'ready', redis: 'ready', active: 2, completed: 5, failed: 0, concurrency: 4 };
    const health = await serveWorkerHealth(0, '127.0.0.1', () => ({ ...state }));
    try {
      const url = `http://127.0.0.1:${health.port}/health`;
      const ready = await fetch(url);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual(state);
      state.redis = 'reconnecting';
      expect((await fetch(url)).status).toBe(503);
      state.redis = 'ready';
      state.status = 'draining';
      expect((await fetch(url)).status).toBe(503);
      expect((await fetch(`http://127.0.0.1:${health.port}/`)).status).toBe(404);
    } finally {
      await health.close();
    }
  });
});
