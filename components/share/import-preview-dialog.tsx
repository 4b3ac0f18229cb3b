'use client';

import { Modal } from '@/components/dialogs/modal';
import { useShareStore, type ImportDialogState } from '@/lib/state/share/share-store';
import type { ImportSource } from '@/lib/state/share/share-import';
import { FileList } from './file-list';
import styles from './share.module.css';

const IMPORT_TITLES: Record<ImportSource, string> = {
  link: 'Import shared project',
  zip: 'Import project from .zip',
  folder: 'Import project from a folder',
  drop: 'Import dropped files as a project',
  'run-link': 'Open shared run',
  'run-file': 'Open run record',
};

/**
 * The preview every import goes through (link or zip): what arrives, under
 * which new name, and what was changed on the way. Everything from the shared
 * project is rendered as text.
 */
export function ImportPreviewDialog() {
  const dialog = useShareStore((state) => state.importDialog);
  const cancel = useShareStore((state) => state.cancelImport);
  const confirm = useShareStore((state) => state.confirmImport);
  if (dialog === null) return null;
  const source = dialog.status === 'preview' || dialog.status === 'importing' ? dialog.preview.source : dialog.source;
  const title = IMPORT_TITLES[source];

  return (
    <Modal title={title} onClose={cancel} testId="import-dialog" size="medium">
      <ImportBody dialog={dialog} />
      <div className="modal-actions">
        {dialog.status === 'failed' ? (
          <button type="button" className="button" onClick={cancel} data-autofocus>
            Close
          </button>
        ) : (
          <>
            <button type="button" className="button" onClick={cancel} disabled={dialog.status === 'importing'} data-autofocus>
              Cancel
            </button>
            <button type="button" className="button button-primary" onClick={() => void confirm()} disabled={dialog.status !== 'preview'}>
              {dialog.status === 'importing' ? 'Importing…' : 'Import'}
            </button>
          </>
        )}
      </div>
    </Modal>
  );
}

function ImportBody({ dialog }: { dialog: ImportDialogState }) {
  const progress = useShareStore((state) => state.importProgress);
  if (dialog.status === 'loading') {
    if (dialog.source !== 'run-link' && dialog.source !== 'run-file') {
      return (
        <p className="modal-message" role="status" data-testid="import-progress">
          {progress ?? 'Reading the project…'}
        </p>
      );
    }
    // A record at the format's limit takes seconds to read and check (in a worker: the page stays usable); Cancel stops it.
    const percent = dialog.percent ?? 0;
    return (
      <div className={styles.section} role="status" data-testid="import-progress">
        <p className="modal-message">Opening run record… {percent}%</p>
        <progress className={styles.progress} max={100} value={percent} aria-label="Opening run record" />
      </div>
    );
  }
  if (dialog.status === 'failed') {
    return (
      <div className={styles.error} role="alert" data-testid="import-error">
        <p className="modal-message">{dialog.message}</p>
        <span className={styles.muted}>Nothing was imported; your projects were not changed.</span>
      </div>
    );
  }
  const { preview } = dialog;
  return (
    <>
      <p className="modal-message">
        Project <span className={styles.name} data-testid="import-shared-name">{preview.sharedName}</span> will be added as a new project{' '}
        <span className={styles.name} data-testid="import-target-name">{preview.plan.projectName}</span>. Existing projects are not touched and
        nothing is run.
      </p>
      {preview.run === undefined ? null : <RunSummary run={preview.run} />}
      {preview.plan.notices.map((notice) => (
        <p key={notice} className={styles.warning} data-testid="import-notice">
          {notice}
        </p>
      ))}
      {dialog.status === 'preview' && dialog.error !== null ? (
        <p className={styles.error} role="alert" data-testid="import-error">
          {dialog.error}
        </p>
      ) : null}
      <div className={styles.section}>
        <span className={styles.muted}>Files ({preview.files.length})</span>
        <FileList files={preview.files.map((file) => ({ path: file.path, bytes: file.bytes, note: file.binary ? 'binary' : undefined }))} testId="import-files" />
      </div>
    </>
  );
}

/** What a run record holds beside its project: which run, and that nothing of it runs by opening it. */
function RunSummary({ run }: { run: NonNullable<Extract<ImportDialogState, { status: 'preview' }>['preview']['run']> }) {
  const start = run.events[0];
  const end = run.events.at(-1);
  const outcome = end?.type === 'run-end' ? 'completed' : end?.type === 'run-error' ? `ended with ${end.error.code}` : 'did not finish';
  const missing = run.projectAtStart.missingFiles ?? [];
  return (
    <div className={styles.section} data-testid="import-run-summary">
      <p className="modal-message">
        It holds a run of <span className={styles.name}>{start?.workerName ?? 'an unknown worker'}</span> on{' '}
        <span className={styles.name}>{start?.type === 'run-start' ? start.model || 'the project default model' : 'an unknown model'}</span>
        {start === undefined ? '' : ` from ${new Date(start.timestamp).toLocaleString()}`} ({outcome}, {run.steps.length} model steps). The project
        opens as it was when the run started; the run shows in its Runs panel, read-only, and nothing runs until you press Replay or Run.
      </p>
      {missing.length === 0 ? null : (
        <p className={styles.warning} data-testid="import-run-missing">
          Left out of this link: {missing.join(', ')}. The run shows, but it cannot be replayed without them.
        </p>
      )}
    </div>
  );
}
