'use client';

import { useRunShareStore } from '@/lib/state/share/run-share-store';
import { useRunStore } from '@/lib/state/run/run-store';
import styles from './run.module.css';

/**
 * What can be done with a finished run's record: replay it offline in a copy
 * of the project as it started, download it, or share it as a link.
 */
export function RunRecordActions({ runId, workerName }: { runId: string; workerName: string }) {
  const replay = useRunStore((state) => state.replay);
  const busy = useRunStore((state) => state.running || state.preparing);
  const exportRecord = useRunShareStore((state) => state.exportRecord);
  const openShare = useRunShareStore((state) => state.openShare);
  const exportError = useRunShareStore((state) => (state.exportError?.runId === runId ? state.exportError.message : null));
  return (
    <>
      <button
        type="button"
        className={styles.linkButton}
        data-testid="replay-run"
        disabled={busy}
        onClick={() => void replay(runId)}
        aria-label={`Replay this run of ${workerName}`}
        title="Re-run it in a new copy of the project as it started, with the recorded model answers: no key, no model asked. It stops where a request differs from the record."
      >
        Replay
      </button>
      <button type="button" className={styles.linkButton} data-testid="export-run-record" onClick={() => void exportRecord(runId)} aria-label={`Export the record of this run of ${workerName}`}>
        Export record
      </button>
      <button type="button" className={styles.linkButton} data-testid="share-run" onClick={() => void openShare(runId)} aria-label={`Share this run of ${workerName} as a link`}>
        Share run
      </button>
      {exportError === null ? null : (
        <span className={styles.error} role="alert" data-testid="run-record-error">
          {exportError}
        </span>
      )}
    </>
  );
}
