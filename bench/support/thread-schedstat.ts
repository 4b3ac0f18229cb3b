import { readdirSync, readFileSync } from 'node:fs';

/**
 * What the kernel's scheduler counted for a process so far, every thread of
 * it (/proc/<pid>/task/<tid>/schedstat: time on a CPU, then time runnable
 * but waiting in the run queue, both in ns), in ms. Run time is the
 * process's CPU at ns precision (not /proc/<pid>/stat's 10 ms ticks); the
 * wait is the time it was ready to run while the cores were busy with
 * something else: contention for the cores, which CPU time alone does not
 * show. A thread that has ended is no longer counted; null when the process
 * is gone.
 */
export interface SchedulerTimes {
  runMs: number;
  waitMs: number;
}

export function threadsSchedstat(pid: number): SchedulerTimes | null {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  let run = 0;
  let wait = 0;
  for (const thread of threads) {
    try {
      const [onCpu, queued] = readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ');
      run += Number(onCpu);
      wait += Number(queued);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return { runMs: run / 1e6, waitMs: wait / 1e6 };
}
