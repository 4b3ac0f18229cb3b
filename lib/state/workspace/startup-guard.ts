/**
 * A safe start: the last project reopens on every load, so a project that
 * breaks the page (a hostile run kept with it, a file that crashes a view)
 * would break every reload, and the only way out was clearing site data, which
 * deletes every project. When the page-wide error screen shows, it notes the
 * project that was open; the next start opens no project, says which one
 * failed and why, and offers to open it without its runs, open it anyway, or
 * delete it. Best effort: storage errors leave the start as it was.
 */
const CRASHED_PROJECT_KEY = 'workerbench:crashed-project';

export interface CrashedProject {
  project: string;
  /** The error the page showed. */
  reason: string;
}

export const startupGuard = {
  /** Called by the page-wide error screen. */
  noteCrash(project: string | null, reason: string): void {
    if (project === null) return;
    try {
      localStorage.setItem(CRASHED_PROJECT_KEY, JSON.stringify({ project, reason: reason.slice(0, 500) }));
    } catch {
      // Without storage the next start opens the project as before.
    }
  },
  /** The project whose page crashed on the last load, if any. */
  crashedProject(): CrashedProject | null {
    try {
      const raw = localStorage.getItem(CRASHED_PROJECT_KEY);
      if (raw === null) return null;
      const value = JSON.parse(raw) as Partial<CrashedProject>;
      return typeof value.project === 'string' && typeof value.reason === 'string' ? { project: value.project, reason: value.reason } : null;
    } catch {
      return null;
    }
  },
  clear(): void {
    try {
      localStorage.removeItem(CRASHED_PROJECT_KEY);
    } catch {
      // Nothing to clear.
    }
  },
};
