import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';

/**
 * Test support: a throw-away `redis-server` on a loopback port (no snapshot,
 * no append-only file), started for one test file and killed after it. Never
 * a system service: each test owns its server, so tests can stop and restart
 * it (`restart`) to check what happens when Redis goes away.
 */
export interface RedisServerProcess {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Stops the server and starts an empty one on the same port, as a Redis restart without persistence does. */
  restart(downMs?: number): Promise<void>;
  /** The server's process id (the scale-out bench reads its CPU time). */
  pid(): number;
}

/** Sends PING on a raw socket; resolves true on +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

async function waitForPing(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server on port ${port} exited with code ${child.exitCode}`);
    if (await ping(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on port ${port} did not answer PING within 10 s`);
}

function launch(port: number): ChildProcess {
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], { stdio: 'ignore' });
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

export async function startRedisServer(port: number): Promise<RedisServerProcess> {
  let child = launch(port);
  await waitForPing(port, child);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () => kill(child),
    pid: () => child.pid!,
    async restart(downMs = 0) {
      await kill(child);
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      child = launch(port);
      await waitForPing(port, child);
    },
  };
}
