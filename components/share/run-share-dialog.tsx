'use client';

import { Modal } from '@/components/dialogs/modal';
import { MAX_LINK_LENGTH, useRunShareStore, type RunShareDialogState } from '@/lib/state/share/run-share-store';
import styles from './share.module.css';

const numberFormat = new Intl.NumberFormat('en-US');

/** Share a run: the link (the project as the run started, the run, its model answers), or the record file when the link is too long. */
export function RunShareDialog() {
  const dialog = useRunShareStore((state) => state.dialog);
  const close = useRunShareStore((state) => state.close);
  const exportRecord = useRunShareStore((state) => state.exportRecord);
  if (dialog === null) return null;
  const fileFirst = dialog.status === 'failed' || (dialog.status === 'ready' && dialog.link.overLimit);
  return (
    <Modal title="Share run" onClose={close} testId="run-share-dialog" size="medium">
      <RunShareBody dialog={dialog} />
      <div className="modal-actions">
        <button type="button" className={`button${fileFirst ? ' button-primary' : ''}`} onClick={() => void exportRecord(dialog.runId)} data-testid="run-share-download">
          Download record
        </button>
        <button type="button" className="button" onClick={close}>
          Close
        </button>
      </div>
    </Modal>
  );
}

function RunShareBody({ dialog }: { dialog: RunShareDialogState }) {
  const copyLink = useRunShareStore((state) => state.copyLink);
  const setIncludeBinary = useRunShareStore((state) => state.setIncludeBinary);
  if (dialog.status === 'preparing') return <p className="modal-message">Preparing the link…</p>;
  if (dialog.status === 'failed') {
    return (
      <p className={styles.error} role="alert" data-testid="run-share-error">
        {dialog.message}
      </p>
    );
  }
  const { link } = dialog;
  return (
    <>
      <p className="modal-message">
        The link holds the project as the run started, the run and every model answer: whoever opens it sees the run and can replay it, without a
        key. It travels in the part after “#”, which browsers never send to a server.
      </p>
      {link.overLimit ? (
        <p className={styles.warning} role="alert" data-testid="run-share-over-limit">
          This link would be {numberFormat.format(link.length)} characters long, over the {numberFormat.format(MAX_LINK_LENGTH)}-character limit that
          chat and mail carry intact. Download the record and send the file instead{dialog.includeBinary ? ', or leave the binary files out' : ''}.
        </p>
      ) : (
        <div className={styles.linkRow}>
          <input className={`text-input ${styles.linkField}`} readOnly value={dialog.url} aria-label="Run link" data-testid="run-share-link" onFocus={(event) => event.target.select()} />
          <button type="button" className="button" onClick={() => void copyLink()} data-autofocus data-testid="run-share-copy">
            {dialog.copy === 'copied' ? 'Copied' : 'Copy'}
          </button>
        </div>
      )}
      <p className={styles.muted} data-testid="run-share-size">
        Link size: {numberFormat.format(link.length)} characters (limit {numberFormat.format(MAX_LINK_LENGTH)}).
        {dialog.copy === 'failed' ? ' The browser did not allow copying: copy the link by hand.' : ''}
      </p>
      {dialog.binaryFiles.length > 0 ? (
        <label className={styles.checkbox}>
          <input type="checkbox" checked={dialog.includeBinary} onChange={(event) => setIncludeBinary(event.target.checked)} data-testid="run-share-include-binary" />
          <span>
            Include binary files ({dialog.binaryFiles.join(', ')}): the run cannot be replayed without them, but they make the link much longer.
          </span>
        </label>
      ) : null}
    </>
  );
}
