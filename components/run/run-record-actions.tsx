'use client';

import { Download, RotateCcw, Share2 } from 'lucide-react';
import { useRunShareStore } from '@/lib/state/share/run-share-store';
import { useRunStore } from '@/lib/state/run/run-store';
import styles from './run-document.module.css';

interface RecordActionProps {
  runId: string;
  workerName: string;
  /** A run still going on has no complete record: its record actions wait. */
  finished: boolean;
}

/** Replays a finished run offline in a new copy of the project as it started (a toolbar button). */
export function ReplayRunButton({ runId, workerName, finished }: RecordActionProps) {
  const replay = useRunStore((state) => state.replay);
  const busy = useRunStore((state) => state.running || state.preparing);
  return (
    <button
      type="button"
      className={styles.toolButton}
      data-testid="replay-run"
      disabled={busy || !finished}
      onClick={() => void replay(runId)}
      aria-label={`Replay this run of ${workerName}`}
      title="Replay: re-run it in a new copy of the project as it started, with the recorded model answers (no key, no model asked). It stops where a request differs from the record."
    >
      <RotateCcw size={15} aria-hidden="true" />
      <span>Replay</span>
    </button>
  );
}

/** What else can be done with a finished run's record, as toolbar buttons: share it as a link, or download it. */
export function RunRecordActions({ runId, workerName, finished }: RecordActionProps) {
  const exportRecord = useRunShareStore((state) => state.exportRecord);
  const openShare = useRunShareStore((state) => state.openShare);
  return (
    <>
      <button
        type="button"
        className={styles.toolButton}
        data-testid="share-run"
        disabled={!finished}
        onClick={() => void openShare(runId)}
        aria-label={`Share this run of ${workerName} as a link`}
        title="Share: a link that opens this run's record"
      >
        <Share2 size={15} aria-hidden="true" />
        <span>Share</span>
      </button>
      <button
        type="button"
        className={styles.toolButton}
        data-testid="export-run-record"
        disabled={!finished}
        onClick={() => void exportRecord(runId)}
        aria-label={`Export the record of this run of ${workerName}`}
        title="Export: download this run's record (a .json file that Replay and Share read)"
      >
        <Download size={15} aria-hidden="true" />
        <span>Export</span>
      </button>
    </>
  );
}

/** Why the last export of this run failed, shown under the toolbar. */
export function RunRecordError({ runId }: { runId: string }) {
  const exportError = useRunShareStore((state) => (state.exportError?.runId === runId ? state.exportError.message : null));
  if (exportError === null) return null;
  return (
    <p className={styles.error} role="alert" data-testid="run-record-error">
      {exportError}
    </p>
  );
}
