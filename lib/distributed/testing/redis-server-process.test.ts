import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServerProcess } from './redis-server-process';

const started: RedisServerProcess[] = [];

afterEach(async () => {
  for (const server of started.splice(0)) await server.stop();
});

describe('startRedisServer', () => {
  it('picks a free port of its own when none is named', async () => {
    const first = await startRedisServer();
    started.push(first);
    const second = await startRedisServer();
    started.push(second);
    expect(first.port).not.toBe(second.port);
    expect(first.url).toBe(`redis://127.0.0.1:${first.port}`);
  });

  it('refuses a port another redis-server holds, rather than using that server and its data', async () => {
    const leftOver = await startRedisServer();
    started.push(leftOver);
    await expect(startRedisServer(leftOver.port)).rejects.toThrow(/exited with code|held by another redis-server/);
    // The server that was there still answers, its data in place.
    const client = new Redis(leftOver.url, { lazyConnect: true });
    try {
      await client.set('kept', 'yes');
      expect(await client.get('kept')).toBe('yes');
    } finally {
      client.disconnect();
    }
  });

  it('restarts on the same port', async () => {
    const server = await startRedisServer();
    started.push(server);
    const before = server.pid();
    await server.restart();
    expect(server.pid()).not.toBe(before);
  });
});
