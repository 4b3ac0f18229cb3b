/**
 * The editor area's tabs by value (the open file's, one per run opened as a document) and the
 * element ids that tie each tab to its panel (aria-controls, aria-labelledby). A run's value is
 * prefixed so that no run id, even an imported record's, can be taken for the file's tab; ids
 * are percent-encoded because an id reference list is split at whitespace.
 */
export const FILE_TAB = 'file';

const RUN_PREFIX = 'run:';

export function runTabValue(runId: string): string {
  return `${RUN_PREFIX}${runId}`;
}

/** The run a tab value names, or null for the file's tab. */
export function runIdOfTab(value: string): string | null {
  return value.startsWith(RUN_PREFIX) ? value.slice(RUN_PREFIX.length) : null;
}

export function tabElementId(baseId: string, value: string): string {
  return `${baseId}-tab-${encodeURIComponent(value)}`;
}

export function tabPanelId(baseId: string, value: string): string {
  return `${baseId}-panel-${encodeURIComponent(value)}`;
}
