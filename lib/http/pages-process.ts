import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPageServerRelay, type RelayToPages } from '@/lib/http/page-server-relay';

/**
 * Starts the pages' server (pages-server.ts, compiled to `script`) in a child
 * process and relays to it over a socket of its own: a Unix socket in the
 * temporary folder, or a named pipe on Windows. Resolves once it listens;
 * `exited` settles when it stops, whyever it does.
 */
export interface PagesProcess {
  relay: RelayToPages;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops it and waits for it (killed outright after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

function socketPathFor(pid: number): string {
  const name = `workerbench-pages-${pid}-${Date.now().toString(36)}`;
  return process.platform === 'win32' ? path.join('\\\\?\\pipe', name) : path.join(tmpdir(), `${name}.sock`);
}

export async function startPagesProcess(script: string, publicAddress: { hostname: string | undefined; port: number }): Promise<PagesProcess> {
  const socketPath = socketPathFor(process.pid);
  const child: ChildProcess = fork(script, [], {
    env: { ...process.env, WORKERBENCH_PAGES_SOCKET: socketPath, WORKERBENCH_PUBLIC_HOSTNAME: publicAddress.hostname ?? '', WORKERBENCH_PUBLIC_PORT: String(publicAddress.port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const removeSocket = () => {
    if (process.platform !== 'win32') rmSync(socketPath, { force: true });
  };
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      removeSocket();
      resolve({ code, signal });
    });
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: { type?: string }) => {
      if (message?.type === 'ready') resolve();
    });
    void exited.then(({ code, signal }) => reject(new Error(`The page server stopped before it was ready (${signal ?? `exit code ${code}`}).`)));
  });
  const { relay, close } = createPageServerRelay(socketPath);
  return {
    relay,
    exited,
    async stop(graceMs = 5_000) {
      close();
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Its channel closing tells it to stop (pages-server.ts); a kill if it does not.
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
