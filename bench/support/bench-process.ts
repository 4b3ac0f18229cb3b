import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A bench's helper process (bench/support/*-process.ts), forked with tsx and
 * spoken to over IPC: it says `ready` with its facts, then answers questions
 * by type, and exits on `stop`. Each answer is the first message of the type
 * asked for after the question.
 */
export interface BenchProcess<Ready> {
  ready: Ready;
  ask<Answer>(question: { type: string } & Record<string, unknown>, answerType: string): Promise<Answer>;
  stop(): Promise<void>;
}

export async function forkBenchProcess<Ready>(scriptName: string, env: Record<string, string>): Promise<BenchProcess<Ready>> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), scriptName);
  // BENCH_SERVER_CPU_PROF=folder writes a CPU profile of each helper process there when it stops.
  const profile = process.env.BENCH_SERVER_CPU_PROF === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`];
  const child: ChildProcess = fork(script, [], { execArgv: ['--import', 'tsx', ...profile], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string }) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as T);
      };
      const onExit = (code: number | null) => reject(new Error(`${scriptName} exited (${code}) before answering ${type}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await next<Ready>('ready');
  return {
    ready,
    ask: <Answer>(question: { type: string } & Record<string, unknown>, answerType: string) => {
      const answer = next<Answer>(answerType);
      child.send(question);
      return answer;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    },
  };
}
