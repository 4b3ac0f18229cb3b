import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

/**
 * Test support: a throw-away `redis-server` on a loopback port (no snapshot,
 * no append-only file), started for one test file and killed after it. Never
 * a system service: each test owns its server, so tests can stop and restart
 * it (`restart`) to check what happens when Redis goes away. Its port is a free
 * one unless a caller names it, and the server that answers there is checked to
 * be the one just started: a server left running on that port by an earlier,
 * killed run would otherwise be used, with its data.
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

/** Sends INFO server; resolves the answering server's process id (null if none answers). */
function serverProcessId(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    const done = (processId: number | null) => {
      socket.destroy();
      resolve(processId);
    };
    socket.setTimeout(500, () => done(null));
    socket.on('error', () => done(null));
    socket.on('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (data) => {
      reply += data.toString();
      const match = /\r\nprocess_id:(\d+)\r\n/.exec(reply);
      if (match !== null) done(Number(match[1]));
      else if (reply.length > 65_536) done(null);
    });
  });
}

/** Waits until `child` answers on `port`; refuses a different server answering there. */
async function waitForOwnServer(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server on port ${port} exited with code ${child.exitCode} (is the port taken?)`);
    const answering = await serverProcessId(port);
    if (answering === child.pid) return;
    if (answering !== null) {
      // The one just started may still be binding while another answers; it exits when it cannot.
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (child.exitCode === null && (await serverProcessId(port)) === child.pid) return;
      await kill(child);
      throw new Error(`Port ${port} is held by another redis-server (process ${answering}): stop it, or let the test pick a free port.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await kill(child);
  throw new Error(`redis-server on port ${port} did not answer within 10 s`);
}

/** A loopback port nothing listens on now (the kernel's choice). */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
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

/**
 * Starts a server on `port`, or on a free port when none is named (tried again on another free
 * port should one be taken between choosing it and binding it).
 */
export async function startRedisServer(port?: number): Promise<RedisServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const chosen = port ?? (await freeLoopbackPort());
    try {
      return await startOn(chosen);
    } catch (error) {
      if (port !== undefined || attempt === 3) throw error;
    }
  }
}

async function startOn(port: number): Promise<RedisServerProcess> {
  let child = launch(port);
  await waitForOwnServer(port, child);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () => kill(child),
    pid: () => child.pid!,
    async restart(downMs = 0) {
      await kill(child);
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      child = launch(port);
      await waitForOwnServer(port, child);
    },
  };
}
