'use client';

import { lazy, Suspense } from 'react';
import { useHistoryStore } from '@/lib/state/history/history-store';
import { useRunShareStore } from '@/lib/state/share/run-share-store';
import { useShareStore } from '@/lib/state/share/share-store';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';
import { OnDemand } from './on-demand';

/*
 * The IDE's dialogs load when first opened, not with the page: none is
 * needed to show the files, and together they are a good part of the first
 * load. Each mounts only while its store says it is open.
 */
const HistoryDialog = lazy(() => import('@/components/history/history-dialog').then((module) => ({ default: module.HistoryDialog })));
const RunDialogs = lazy(() => import('./run-dialogs').then((module) => ({ default: module.RunDialogs })));
const ShareDialog = lazy(() => import('@/components/share/share-dialog').then((module) => ({ default: module.ShareDialog })));
const ImportPreviewDialog = lazy(() => import('@/components/share/import-preview-dialog').then((module) => ({ default: module.ImportPreviewDialog })));
const LlmDoExportDialog = lazy(() => import('@/components/share/llm-do-export-dialog').then((module) => ({ default: module.LlmDoExportDialog })));
const RunShareDialog = lazy(() => import('@/components/share/run-share-dialog').then((module) => ({ default: module.RunShareDialog })));

export function OnDemandDialogs() {
  const historyOpen = useHistoryStore((state) => state.open);
  const ready = useWorkspaceStore((state) => state.phase === 'ready');
  const shareOpen = useShareStore((state) => state.shareDialog !== null);
  const importOpen = useShareStore((state) => state.importDialog !== null);
  const llmDoOpen = useShareStore((state) => state.llmDoExportDialog !== null);
  const runShareOpen = useRunShareStore((state) => state.dialog !== null);
  return (
    <>
      <OnDemand open={historyOpen}>
        <HistoryDialog />
      </OnDemand>
      {ready ? (
        <Suspense fallback={null}>
          <RunDialogs />
        </Suspense>
      ) : null}
      <OnDemand open={shareOpen}>
        <ShareDialog />
      </OnDemand>
      <OnDemand open={importOpen}>
        <ImportPreviewDialog />
      </OnDemand>
      <OnDemand open={llmDoOpen}>
        <LlmDoExportDialog />
      </OnDemand>
      <OnDemand open={runShareOpen}>
        <RunShareDialog />
      </OnDemand>
    </>
  );
}
