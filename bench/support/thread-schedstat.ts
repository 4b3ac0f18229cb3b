import { readdirSync, readFileSync } from 'node:fs';

/**
 * What the kernel's scheduler counted for a process so far, every thread of
 * it (/proc/<pid>/task/<tid>/schedstat: time on a CPU, then time runnable
 * but waiting in the run queue, both in ns), in ms. Run time is the
 * process's CPU at ns precision (not /proc/<pid>/stat's 10 ms ticks); the
 * wait is the time it was ready to run while the cores were busy with
 * something else: contention for the cores, which CPU time alone does not
 * show. Threads that have ended are not counted (trackThreads keeps them);
 * null when the process is gone.
 */
export interface SchedulerTimes {
  runMs: number;
  waitMs: number;
}

export function threadsSchedstat(pid: number): SchedulerTimes | null {
  return trackThreads(pid).sample();
}

/**
 * A process's scheduler times summed over every thread it has had since the
 * first sample: each thread's last reading is kept, so a thread that ends
 * (a process's helper threads end before it does) does not take its time
 * out of the sum. null when the process is gone.
 */
export function trackThreads(pid: number): { sample(): SchedulerTimes | null } {
  const lastOf = new Map<string, SchedulerTimes>();
  return {
    sample() {
      let threads: string[];
      try {
        threads = readdirSync(`/proc/${pid}/task`);
      } catch {
        return null;
      }
      for (const thread of threads) {
        try {
          const [onCpu, queued] = readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ');
          lastOf.set(thread, { runMs: Number(onCpu) / 1e6, waitMs: Number(queued) / 1e6 });
        } catch {
          // The thread ended between the listing and the read: its last reading stands.
        }
      }
      let runMs = 0;
      let waitMs = 0;
      for (const times of lastOf.values()) {
        runMs += times.runMs;
        waitMs += times.waitMs;
      }
      return { runMs, waitMs };
    },
  };
}
