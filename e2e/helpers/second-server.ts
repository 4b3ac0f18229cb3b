import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A second production server of the same build, for specs that need a provider the
 * default e2e server does not have (it runs with the demo model only). Started with
 * `npm start`'s server (bin/workerbench-server.cjs) on its own port and the environment the spec gives.
 */
export interface SecondServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startSecondServer(port: number, env: Record<string, string>): Promise<SecondServer> {
  const child: ChildProcess = spawn(process.execPath, ['bin/workerbench-server.cjs', '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', GOOGLE_GENERATIVE_AI_API_KEY: '', ...env },
    stdio: 'ignore',
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/api/models`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`The second server on port ${port} did not start.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 200));
    },
  };
}
