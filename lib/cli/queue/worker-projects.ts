import type { Redis } from 'ioredis';
import { openCliProject, type CliProject } from '../open-project';
import { keepSnapshot } from './kept-snapshot';
import { materializeProject } from './project-store';

/**
 * A worker's projects, by content hash and trust: written to this machine and
 * opened once, then shared by every job of the project (a batch's items, a
 * test suite's cases), with its files as a run starts kept between runs
 * (kept-snapshot.ts). A load that failed is tried again by the next job.
 */
export type WorkerProjects = (hash: string, trusted: boolean) => Promise<CliProject>;

export function createWorkerProjects(redis: Redis, prefix: string, cacheRoot?: string): WorkerProjects {
  const projects = new Map<string, Promise<CliProject>>();
  return (hash, trusted) => {
    const key = `${hash}:${trusted}`;
    let project = projects.get(key);
    if (project === undefined) {
      project = materializeProject({ redis, prefix, hash, cacheRoot })
        .then((folder) => openCliProject(folder, { trusted }))
        .then((opened) => {
          const kept = keepSnapshot(opened.sandbox);
          return { ...opened, sandbox: kept.sandbox, snapshot: kept.snapshot };
        });
      project.catch(() => projects.delete(key));
      projects.set(key, project);
    }
    return project;
  };
}
