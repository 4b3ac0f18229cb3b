'use client';

import { Modal } from '@/components/dialogs/modal';
import { useShareStore } from '@/lib/state/share/share-store';
import styles from './share.module.css';

/**
 * Before an llm-do export is downloaded: what goes into the zip and everything
 * llm-do will do differently (settings it lacks, tool names it spells otherwise).
 */
export function LlmDoExportDialog() {
  const dialog = useShareStore((state) => state.llmDoExportDialog);
  const close = useShareStore((state) => state.closeLlmDoExport);
  const download = useShareStore((state) => state.downloadLlmDoExport);
  if (dialog === null) return null;

  return (
    <Modal title="Export as an llm-do project" onClose={close} testId="llm-do-export-dialog" size="medium">
      {dialog.status === 'preparing' ? <p className="modal-message">Preparing the export…</p> : null}
      {dialog.status === 'failed' ? (
        <p className={styles.error} role="alert" data-testid="llm-do-export-error">
          {dialog.message}
        </p>
      ) : null}
      {dialog.status === 'ready' ? (
        <>
          <p className="modal-message">
            Workers become llm-do <code>.agent</code> files and project.json becomes llm-do&apos;s version 1 manifest; other files go along unchanged.
          </p>
          <div className={styles.section}>
            <span className={styles.muted}>What llm-do does differently</span>
            {dialog.notes.length === 0 ? (
              <p className="modal-message" data-testid="llm-do-export-notes">
                Nothing: llm-do runs this project as Workerbench does.
              </p>
            ) : (
              <ul data-testid="llm-do-export-notes">
                {dialog.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            )}
          </div>
          <div className={styles.section}>
            <span className={styles.muted}>Files ({dialog.files.length})</span>
            <ul data-testid="llm-do-export-files">
              {dialog.files.map((path) => (
                <li key={path}>{path}</li>
              ))}
            </ul>
          </div>
        </>
      ) : null}
      <div className="modal-actions">
        <button type="button" className="button" onClick={close} data-autofocus={dialog.status !== 'ready' ? true : undefined}>
          {dialog.status === 'ready' ? 'Cancel' : 'Close'}
        </button>
        {dialog.status === 'ready' ? (
          <button type="button" className="button button-primary" onClick={download} data-autofocus>
            Download .zip
          </button>
        ) : null}
      </div>
    </Modal>
  );
}
