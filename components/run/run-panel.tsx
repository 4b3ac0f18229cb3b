'use client';

import { useEffect } from 'react';
import { ApprovalQueue } from '@/components/approvals/approval-queue';
import { useRunStore } from '@/lib/state/run/run-store';
import { usePriceStore } from '@/lib/state/settings/price-store';
import { useSettingsStore } from '@/lib/state/settings/settings-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import type { TextBuffer } from '@/lib/state/workspace/workspace-types';
import { RunForm } from './run-form';
import { RunHistory } from './run-history';
import { useRunShortcuts } from './use-run-shortcuts';
import styles from './run.module.css';

/** Re-reading the project for the pickers waits for typing (and autosave) to settle. */
const PROJECT_INFO_DELAY_MS = 300;

/** Changes whenever what is stored changes (saved text, files added or removed). */
function storedSignature(buffers: ReadonlyMap<string, TextBuffer>): string {
  return [...buffers]
    .map(([path, buffer]) => `${path}\u0000${buffer.savedText.length}\u0000${buffer.savedText}`)
    .join('\u0001');
}

/** The right-hand Run panel: the run form, the approval questions, and the runs of this page (each opens as an editor tab). */
export function RunPanel() {
  const project = useWorkspaceStore((state) => state.currentProject);
  const tree = useWorkspaceStore((state) => state.tree);
  const signature = useWorkspaceStore((state) => storedSignature(state.buffers));
  useRunShortcuts();

  useEffect(() => {
    void useRunStore.getState().loadModels();
    useSettingsStore.getState().load();
    usePriceStore.getState().load();
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => void useRunStore.getState().refreshProjectInfo(), PROJECT_INFO_DELAY_MS);
    return () => clearTimeout(timer);
  }, [project, tree, signature]);

  return (
    <aside className={styles.panel} aria-label="Run" data-testid="run-panel">
      <div className={styles.header}>
        <h2>Run</h2>
      </div>
      <ApprovalQueue />
      <div className={styles.scroll}>
        <RunForm />
        <RunHistory />
      </div>
    </aside>
  );
}
