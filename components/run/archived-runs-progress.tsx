'use client';

import { useRunStore } from '@/lib/state/run/run-store';
import styles from './run.module.css';

/**
 * The open project's kept runs while they are read (a record of 10,000 calls
 * takes seconds; the page stays usable meanwhile): how far, with Cancel; and
 * after a cancel, a way to open them after all. Nothing is lost either way.
 */
export function ArchivedRunsProgress({ project }: { project: string | null }) {
  const keptRuns = useRunStore((state) => state.archiveReading);
  const cancel = useRunStore((state) => state.cancelArchivedRuns);
  const load = useRunStore((state) => state.loadArchivedRuns);
  if (keptRuns === null || keptRuns.project !== project) return null;
  if (keptRuns.status === 'cancelled') {
    return (
      <p className={styles.keptRuns} data-testid="kept-runs-cancelled">
        The runs kept for this project were not opened.{' '}
        <button type="button" className="button" onClick={() => void load(keptRuns.project)}>
          Open them
        </button>
      </p>
    );
  }
  const percent = Math.round(keptRuns.fraction * 100);
  return (
    <div className={styles.keptRuns} role="status" data-testid="kept-runs-progress">
      <span>Opening runs… {percent}%</span>
      <progress className={styles.keptRunsBar} max={100} value={percent} aria-label="Opening runs" />
      <button type="button" className="button" onClick={cancel}>
        Cancel
      </button>
    </div>
  );
}
