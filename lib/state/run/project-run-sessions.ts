import { createRunSession, type RunSession } from '@/lib/runtime/run-session';

/**
 * Run sessions of the page, one per project: "approve for this session"
 * grants and the workers a run created outlive a run but not the page. A
 * project that goes away takes its session with it, so a later project of the
 * same name starts clean.
 */
const sessions = new Map<string, RunSession>();

export function sessionFor(project: string): RunSession {
  let session = sessions.get(project);
  if (session === undefined) {
    session = createRunSession();
    sessions.set(project, session);
  }
  return session;
}

export function forgetRemovedProjectSessions(previousProjects: readonly string[], projects: readonly string[]): void {
  for (const name of previousProjects) if (!projects.includes(name)) sessions.delete(name);
}
