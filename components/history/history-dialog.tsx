'use client';

import { useState } from 'react';
import { Modal } from '@/components/dialogs/modal';
import { useHistoryStore } from '@/lib/state/history/history-store';
import { CommitDetails } from './commit-details';
import { formatWhen } from './format-when';
import { PruneForm } from './prune-form';
import { UndoPlanView } from './undo-plan-view';

const KIND_LABELS = { run: 'Run', person: 'You', import: 'Start', undo: 'Undo', restore: 'Restore', pruned: 'Pruned' } as const;

/** The History view: commits newest first; pick one (arrow keys or click) to see its files, diffs and undo. */
export function HistoryDialog() {
  const open = useHistoryStore((state) => state.open);
  const close = useHistoryStore((state) => state.close);
  const commits = useHistoryStore((state) => state.commits);
  const loading = useHistoryStore((state) => state.loading);
  const error = useHistoryStore((state) => state.error);
  const undoPlan = useHistoryStore((state) => state.undoPlan);
  const storageBytes = useHistoryStore((state) => state.storageBytes);
  const [selected, setSelected] = useState<string | null>(null);
  if (!open) return null;
  const commit = commits.find((candidate) => candidate.oid === selected) ?? commits[0];

  const onListKey = (event: React.KeyboardEvent) => {
    const index = commits.findIndex((candidate) => candidate.oid === commit?.oid);
    const next = event.key === 'ArrowDown' ? index + 1 : event.key === 'ArrowUp' ? index - 1 : -1;
    const target = commits[next];
    if (target === undefined) return;
    event.preventDefault();
    setSelected(target.oid);
    document.getElementById(`history-${target.oid}`)?.focus();
  };

  return (
    <Modal title="History" onClose={close} testId="history-dialog" size="large">
      <div className="history-view">
        {error !== null ? (
          <p className="modal-message" role="alert">
            {error}
          </p>
        ) : null}
        <p className="history-summary" aria-live="polite">
          {loading ? 'Reading history…' : `${commits.length} version${commits.length === 1 ? '' : 's'}`}
          {storageBytes !== null ? ` · ${(storageBytes / 1024).toFixed(1)} KiB stored` : ''}
        </p>
        <ul className="history-list" role="listbox" aria-label="Versions, newest first" onKeyDown={onListKey} data-testid="history-list">
          {commits.map((candidate) => (
            <li
              key={candidate.oid}
              id={`history-${candidate.oid}`}
              role="option"
              aria-selected={candidate.oid === commit?.oid}
              tabIndex={candidate.oid === commit?.oid ? 0 : -1}
              onClick={() => setSelected(candidate.oid)}
              className="history-row"
              data-kind={candidate.kind}
            >
              <span className="history-kind">{KIND_LABELS[candidate.kind]}</span> <span className="history-title">{candidate.title}</span>{' '}
              <span className="history-meta">
                {formatWhen(candidate.timestamp)} · {candidate.files.length} file{candidate.files.length === 1 ? '' : 's'}
              </span>
            </li>
          ))}
        </ul>
        <div className="history-pane">{undoPlan !== null ? <UndoPlanView plan={undoPlan} /> : commit !== undefined ? <CommitDetails commit={commit} /> : null}</div>
        <div className="modal-actions history-footer">
          <PruneForm total={commits.length} />
          <button type="button" className="button" onClick={close} data-testid="history-close">
            Close
          </button>
        </div>
      </div>
    </Modal>
  );
}
