'use client';

import { useState } from 'react';
import type { UndoChoices, UndoPlan } from '@/lib/history/history-types';
import { useHistoryStore } from '@/lib/state/history/history-store';
import { formatWhen } from './format-when';

/** What undoing will do, file by file; a file changed later asks whether to undo it anyway or keep it. */
export function UndoPlanView({ plan }: { plan: UndoPlan }) {
  const undo = useHistoryStore((state) => state.undo);
  const cancel = useHistoryStore((state) => state.cancelUndo);
  const [choices, setChoices] = useState<Record<string, 'undo' | 'keep'>>({});
  const conflicts = plan.files.filter((file) => file.laterCommits.length > 0);
  return (
    <section className="history-undo" aria-label="Undo plan" data-testid="history-undo-plan">
      <p>
        Undo “{plan.commit.title}”: {plan.files.length} file{plan.files.length === 1 ? '' : 's'}.
        {conflicts.length > 0 ? ` ${conflicts.length} changed again later; choose for each.` : ''}
      </p>
      <ul className="history-files">
        {plan.files.map((file) => (
          <li key={file.path}>
            <span>
              {file.action === 'delete' ? 'Delete' : 'Restore'} <code>{file.path}</code>
            </span>
            {file.laterCommits.length > 0 ? (
              <fieldset className="history-choice">
                <legend>
                  Changed later by {file.laterCommits.map((commit) => `“${commit.title}” (${formatWhen(commit.timestamp)})`).join(', ')}
                </legend>
                <label>
                  <input type="radio" name={`choice-${file.path}`} checked={(choices[file.path] ?? 'keep') === 'keep'} onChange={() => setChoices({ ...choices, [file.path]: 'keep' })} /> Keep the file as it is now
                </label>
                <label>
                  <input type="radio" name={`choice-${file.path}`} checked={choices[file.path] === 'undo'} onChange={() => setChoices({ ...choices, [file.path]: 'undo' })} /> Undo it anyway (later changes to it are lost)
                </label>
              </fieldset>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="modal-actions">
        <button type="button" className="button" onClick={cancel}>
          Cancel
        </button>
        <button type="button" className="button button-primary" data-autofocus onClick={() => void undo(plan.commit.oid, choices as UndoChoices)} data-testid="history-undo-confirm">
          Undo
        </button>
      </div>
    </section>
  );
}
