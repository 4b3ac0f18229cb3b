import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startRedisServer, type RedisServerProcess } from '@/lib/distributed/testing/redis-server-process';
import { startStandInServer, type StandInServer } from '@/lib/model/testing/stand-in-server';
import type { SpawnedCli } from '../../testing/spawn-cli';

/**
 * Test support for the queue's tests with processes: one redis-server on a
 * loopback port and one provider stand-in for the test file; after each test
 * the processes it spawned are killed and Redis is emptied, so no job, lock
 * or checkpoint of one test reaches the next. Call at the top of a test file;
 * the servers are there from beforeAll on.
 */
export interface QueueServers {
  redis: RedisServerProcess;
  standIn: StandInServer;
  /** Processes a test started (workers, enqueuing commands): killed after it. */
  spawned: SpawnedCli[];
}

export function setUpQueueServers({ apiKey }: { apiKey: string }): QueueServers {
  // Filled in by beforeAll, before any test reads it.
  const servers = { spawned: [] as SpawnedCli[] } as QueueServers;
  beforeAll(async () => {
    servers.redis = await startRedisServer();
    servers.standIn = await startStandInServer({ apiKey });
  });
  afterEach(async () => {
    for (const child of servers.spawned.splice(0)) child.kill('SIGKILL');
    const connection = new Redis(servers.redis.url);
    await connection.flushall();
    connection.disconnect();
  });
  afterAll(async () => {
    await servers.standIn.close();
    await servers.redis.stop();
  });
  return servers;
}
