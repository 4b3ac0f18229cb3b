'use client';

import { Modal } from '@/components/dialogs/modal';
import { MAX_LINK_LENGTH } from '@/lib/state/share/share-store';
import { useShareStore, type ShareDialogState } from '@/lib/state/share/share-store';
import { FileList } from './file-list';
import styles from './share.module.css';

const numberFormat = new Intl.NumberFormat('en-US');

/** The Share dialog: the link (already copied), its size, the files in it, and the zip when the link is too long. */
export function ShareDialog() {
  const dialog = useShareStore((state) => state.shareDialog);
  const close = useShareStore((state) => state.closeShare);
  if (dialog === null) return null;
  return (
    <Modal title={`Share "${dialog.projectName}"`} onClose={close} testId="share-dialog" size="medium">
      <ShareDialogBody dialog={dialog} />
      <div className="modal-actions">
        <ZipButton primary={dialog.status === 'failed' || (dialog.status === 'ready' && dialog.link.overLimit)} />
        <button type="button" className="button" onClick={close}>
          Close
        </button>
      </div>
    </Modal>
  );
}

function ZipButton({ primary }: { primary: boolean }) {
  const exportZip = useShareStore((state) => state.exportZip);
  return (
    <button type="button" className={`button${primary ? ' button-primary' : ''}`} onClick={() => void exportZip()} data-testid="share-download-zip">
      Download .zip
    </button>
  );
}

function ShareDialogBody({ dialog }: { dialog: ShareDialogState }) {
  const copyLink = useShareStore((state) => state.copyLink);
  const setIncludeBinary = useShareStore((state) => state.setIncludeBinary);

  if (dialog.status === 'preparing') return <p className="modal-message">Preparing the link…</p>;
  if (dialog.status === 'failed') {
    return (
      <p className={styles.error} role="alert" data-testid="share-error">
        {dialog.message} You can still download the project as a .zip.
      </p>
    );
  }

  const { link } = dialog;
  const excluded = new Set(link.excludedFiles);
  return (
    <>
      {link.overLimit ? (
        <p className={styles.warning} role="alert" data-testid="share-over-limit">
          This link would be {numberFormat.format(link.length)} characters long, over the {numberFormat.format(MAX_LINK_LENGTH)}-character limit
          that chat and mail carry intact. Download the project as a .zip and send the file instead
          {dialog.includeBinary ? ', or leave the binary files out' : ''}.
        </p>
      ) : (
        <div className={styles.section}>
          <p className="modal-message" role="status" data-testid="share-copy-status">
            {dialog.copy === 'copied' ? (
              <span className={styles.success}>Link copied to the clipboard.</span>
            ) : dialog.copy === 'failed' ? (
              'The browser did not allow copying automatically: copy the link below.'
            ) : (
              'Copying the link…'
            )}
          </p>
          <div className={styles.linkRow}>
            <input
              className={`text-input ${styles.linkField}`}
              readOnly
              value={dialog.url}
              aria-label="Share link"
              data-testid="share-link"
              onFocus={(event) => event.target.select()}
            />
            <button type="button" className="button" onClick={() => void copyLink()} data-autofocus>
              Copy
            </button>
          </div>
        </div>
      )}
      <p className={styles.muted} data-testid="share-link-size">
        Link size: {numberFormat.format(link.length)} characters (limit {numberFormat.format(MAX_LINK_LENGTH)}). The project travels in the part
        after “#”, which browsers never send to a server.
      </p>
      {dialog.binaryFiles.length > 0 ? (
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={dialog.includeBinary}
            onChange={(event) => void setIncludeBinary(event.target.checked)}
            data-testid="share-include-binary"
          />
          <span>
            Include binary files ({dialog.binaryFiles.length}): they make the link much longer.
          </span>
        </label>
      ) : null}
      <div className={styles.section}>
        <span className={styles.muted}>{link.overLimit ? 'Files' : 'Files in the link'} ({link.includedFiles.length})</span>
        <FileList files={link.includedFiles.map((path) => ({ path }))} testId="share-files" />
      </div>
      {excluded.size > 0 ? (
        <div className={styles.section}>
          <span className={styles.muted}>Left out (binary) ({excluded.size})</span>
          <FileList files={link.excludedFiles.map((path) => ({ path }))} testId="share-excluded-files" />
        </div>
      ) : null}
    </>
  );
}
