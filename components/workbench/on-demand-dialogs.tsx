'use client';

import { lazy, Suspense, type ReactNode } from 'react';
import { useCompareStore } from '@/lib/state/compare-store';
import { useHistoryStore } from '@/lib/state/history-store';
import { useRunShareStore } from '@/lib/state/run-share-store';
import { useShareStore } from '@/lib/state/share-store';
import { useWorkerTestsStore } from '@/lib/state/worker-tests-store';

/*
 * The IDE's dialogs load when first opened, not with the page: none is
 * needed to show the files, and together they are a good part of the first
 * load. Each mounts only while its store says it is open.
 */
const HistoryDialog = lazy(() => import('@/components/history/history-dialog').then((module) => ({ default: module.HistoryDialog })));
const CompareDialog = lazy(() => import('@/components/compare/compare-dialog').then((module) => ({ default: module.CompareDialog })));
const WorkerTestsDialog = lazy(() => import('@/components/worker-tests/worker-tests-dialog').then((module) => ({ default: module.WorkerTestsDialog })));
const ShareDialog = lazy(() => import('@/components/share/share-dialog').then((module) => ({ default: module.ShareDialog })));
const ImportPreviewDialog = lazy(() => import('@/components/share/import-preview-dialog').then((module) => ({ default: module.ImportPreviewDialog })));
const LlmDoExportDialog = lazy(() => import('@/components/share/llm-do-export-dialog').then((module) => ({ default: module.LlmDoExportDialog })));
const RunShareDialog = lazy(() => import('@/components/share/run-share-dialog').then((module) => ({ default: module.RunShareDialog })));

function OnDemand({ open, children }: { open: boolean; children: ReactNode }) {
  return open ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function OnDemandDialogs() {
  const historyOpen = useHistoryStore((state) => state.open);
  const compareOpen = useCompareStore((state) => state.open);
  const testsOpen = useWorkerTestsStore((state) => state.open);
  const shareOpen = useShareStore((state) => state.shareDialog !== null);
  const importOpen = useShareStore((state) => state.importDialog !== null);
  const llmDoOpen = useShareStore((state) => state.llmDoExportDialog !== null);
  const runShareOpen = useRunShareStore((state) => state.dialog !== null);
  return (
    <>
      <OnDemand open={historyOpen}>
        <HistoryDialog />
      </OnDemand>
      <OnDemand open={compareOpen}>
        <CompareDialog />
      </OnDemand>
      <OnDemand open={testsOpen}>
        <WorkerTestsDialog />
      </OnDemand>
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
