'use client';

import type { Diagnostic } from '@/lib/worker/diagnostic';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

const ICONS = { error: '✕', warning: '!', info: 'i' } as const;

export function ProblemRow({ diagnostic }: { diagnostic: Diagnostic }) {
  const revealProblem = useWorkspaceStore((state) => state.revealProblem);
  return (
    <li>
      <button
        type="button"
        className={`problem-row severity-${diagnostic.severity}`}
        data-testid="problem-row"
        data-code={diagnostic.code}
        data-file={diagnostic.file}
        onClick={() => void revealProblem(diagnostic)}
      >
        <span className="problem-icon" aria-label={diagnostic.severity}>
          {ICONS[diagnostic.severity]}
        </span>
        <span className="problem-message">{diagnostic.message}</span>
        <span className="problem-location">
          {diagnostic.file} {diagnostic.line}:{diagnostic.column}
        </span>
      </button>
    </li>
  );
}
