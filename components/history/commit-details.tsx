'use client';

import { useEffect, useState } from 'react';
import type { HistoryCommit } from '@/lib/history/history-types';
import { useHistoryStore } from '@/lib/state/history/history-store';
import { DiffView } from './diff-view';

/** One commit's files: each one's diff against the version before, and a way to put that version back. */
export function CommitDetails({ commit }: { commit: HistoryCommit }) {
  const planUndo = useHistoryStore((state) => state.planUndo);
  const restoreFile = useHistoryStore((state) => state.restoreFile);
  const fileText = useHistoryStore((state) => state.fileText);
  const [diffPath, setDiffPath] = useState<string | null>(null);
  const [diff, setDiff] = useState<{ before: string; after: string } | null>(null);

  useEffect(() => {
    let cancelled = false;
    setDiff(null);
    if (diffPath === null) return;
    void Promise.all([commit.parent === null ? null : fileText(commit.parent, diffPath), fileText(commit.oid, diffPath)]).then(([before, after]) => {
      if (!cancelled) setDiff({ before: before ?? '', after: after ?? '' });
    });
    return () => {
      cancelled = true;
    };
  }, [commit, diffPath, fileText]);

  const undoable = commit.parent !== null && commit.kind !== 'pruned';
  return (
    <section className="history-details" aria-label="Changes of the selected version" data-testid="history-details">
      <pre className="history-message">{commit.message.trim()}</pre>
      {undoable ? (
        <button type="button" className="button" onClick={() => void planUndo(commit.oid)} data-testid="history-undo">
          {commit.kind === 'run' ? 'Undo this run' : 'Undo this change'}
        </button>
      ) : null}
      <ul className="history-files">
        {commit.files.map((path) => (
          <li key={path}>
            <code>{path}</code>
            <span className="history-file-actions">
              <button type="button" className="button" aria-pressed={diffPath === path} onClick={() => setDiffPath(diffPath === path ? null : path)}>
                Diff
              </button>
              <button type="button" className="button" onClick={() => void restoreFile(commit.oid, path)} title="Put this file back as it was in this version">
                Restore this version
              </button>
            </span>
          </li>
        ))}
      </ul>
      {diffPath !== null && diff !== null ? <DiffView path={diffPath} before={diff.before} after={diff.after} /> : null}
    </section>
  );
}
