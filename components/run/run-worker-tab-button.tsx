'use client';

import { useRunStore } from '@/lib/state/run/run-store';
import styles from './run-worker-tab-button.module.css';

/** Run on the open `.worker` tab: runs that worker, whatever the form's picker shows. */
export function RunWorkerTabButton({ path }: { path: string }) {
  const busy = useRunStore((state) => state.running || state.preparing);
  const runOpenWorker = useRunStore((state) => state.runOpenWorker);
  const name = path.slice(path.lastIndexOf('/') + 1);
  return (
    <button
      type="button"
      className={`button button-primary ${styles.button}`}
      data-testid="run-open-worker"
      disabled={busy}
      onClick={() => void runOpenWorker()}
      title={`Run ${name} with the Run panel's input and model (Ctrl+Enter, ⌘Enter on a Mac)`}
    >
      Run
    </button>
  );
}
