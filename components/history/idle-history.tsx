'use client';

import { useIdleHistory } from './use-idle-history';

/**
 * The project's history kept as the person works (use-idle-history.ts), as a part of the page that
 * renders nothing: the workbench loads it after the file tree (components/workbench/after-tree.tsx).
 */
export function IdleHistory(): null {
  useIdleHistory();
  return null;
}
