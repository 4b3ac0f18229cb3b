import type { ProjectRunInfo } from './run-state';

/** The worker defined by the file at `path`, or null when that file is not one of the project's workers. */
export function workerOfPath(info: ProjectRunInfo | null, path: string | null): string | null {
  if (info === null || path === null) return null;
  return info.workers.find((worker) => worker.path === path)?.name ?? null;
}
