'use client';

import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { ProblemRow } from './problem-row';

/**
 * Every diagnostic of the project, errors first; a click jumps to the spot. With none, the
 * area collapses to its title line, so the editor gets the room.
 */
export function ProblemsPanel() {
  const diagnostics = useWorkspaceStore((state) => state.diagnostics);
  const checkedProject = useWorkspaceStore((state) => state.checkedProject);
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = diagnostics.filter((diagnostic) => diagnostic.severity === 'warning').length;
  const sorted = [...diagnostics].sort((left, right) => severityRank(left.severity) - severityRank(right.severity));

  return (
    <section
      className={sorted.length === 0 ? 'problems-panel problems-panel-collapsed' : 'problems-panel'}
      aria-labelledby="problems-title"
      data-testid="problems-panel"
      // F6 can land here when there is no problem row to focus (components/workbench/areas/area-focus.ts).
      tabIndex={-1}
      data-collapsed={sorted.length === 0 ? 'true' : undefined}
      // Which project the list belongs to, once checked: "no problems" means checked and clean, not "not yet checked".
      data-checked-project={checkedProject ?? undefined}
    >
      <div className="panel-title">
        <h2 id="problems-title">Problems</h2>
        <span className="problems-count" data-testid="problems-count" aria-label={`${diagnostics.length} problems`}>
          {diagnostics.length}
        </span>
        <span className="problems-summary">
          {sorted.length === 0
            ? 'No problems in this project.'
            : `${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`}
        </span>
      </div>
      {sorted.length === 0 ? null : (
        <ul className="problems-list">
          {sorted.map((diagnostic, index) => (
            <ProblemRow key={`${diagnostic.file}:${diagnostic.line}:${diagnostic.column}:${diagnostic.code}:${index}`} diagnostic={diagnostic} />
          ))}
        </ul>
      )}
    </section>
  );
}

function severityRank(severity: string): number {
  return severity === 'error' ? 0 : severity === 'warning' ? 1 : 2;
}
