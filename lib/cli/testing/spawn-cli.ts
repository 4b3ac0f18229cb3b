import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Test support: the real `workerbench` bin in a child process, as a person or a CI job runs it. */
export const BIN_PATH = path.resolve(__dirname, '..', '..', '..', 'bin', 'workerbench.cjs');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface SpawnedCli {
  pid: number;
  stderrSoFar(): string;
  done: Promise<CliResult>;
  kill(signal: NodeJS.Signals): void;
}

/** Environment without the developer's own keys: a test never reaches a real provider. */
export function cleanEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const kept = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'NODE_OPTIONS', 'TSX_TSCONFIG_PATH'];
  const env: Record<string, string> = {};
  for (const name of kept) if (process.env[name] !== undefined) env[name] = process.env[name]!;
  return { WORKERBENCH_DEMO_DELAY_MS: '0', ...env, ...extra };
}

export function spawnCli(args: readonly string[], options: { cwd: string; env?: Record<string, string>; stdin?: string; timeoutMs?: number }): SpawnedCli {
  const child = spawn(process.execPath, [BIN_PATH, ...args], { cwd: options.cwd, env: (options.env ?? cleanEnvironment()) as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.on('error', () => undefined);
  child.stdin.end(options.stdin ?? '');
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
  const done = new Promise<CliResult>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { pid: child.pid!, stderrSoFar: () => stderr, done, kill: (signal) => child.kill(signal) };
}

export function runCli(args: readonly string[], options: { cwd: string; env?: Record<string, string>; stdin?: string; timeoutMs?: number }): Promise<CliResult> {
  return spawnCli(args, options).done;
}

/** A fresh folder holding these files (paths with "/"). */
export function writeProjectFolder(files: Record<string, string | Uint8Array>, parent = tmpdir()): string {
  const folder = mkdtempSync(path.join(parent, 'workerbench-cli-'));
  for (const [relative, data] of Object.entries(files)) {
    const host = path.join(folder, ...relative.split('/'));
    mkdirSync(path.dirname(host), { recursive: true });
    writeFileSync(host, data);
  }
  return folder;
}
