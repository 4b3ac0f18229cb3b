'use client';

import { lazy, Suspense } from 'react';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import styles from './run.module.css';
// Installed with the page: a Ctrl/Cmd+Enter pressed before the panel's code has come is kept until it has.
import './early-run-shortcut';

// The Run panel comes once the project is on screen: it is not needed to see and open files, and
// its code, its first render and its requests (the model list, settings) would otherwise compete
// with the file tree for the first load's main thread.
const RunPanel = lazy(() => import('./run-panel').then((module) => ({ default: module.RunPanel })));

/** The workbench's place for the Run panel (the shell imports this name); the same box until it loads. */
export function RunPanelSlot() {
  const ready = useWorkspaceStore((state) => state.phase === 'ready');
  const placeholder = (
    <aside className={styles.panel} aria-label="Run" aria-busy="true">
      <div className={styles.header}>
        <h2>Run</h2>
      </div>
    </aside>
  );
  return ready ? (
    <Suspense fallback={placeholder}>
      <RunPanel />
    </Suspense>
  ) : (
    placeholder
  );
}
