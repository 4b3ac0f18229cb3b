'use client';

import { lazy } from 'react';
import { useCompareStore } from '@/lib/state/compare/compare-store';
import { useWorkerTestsStore } from '@/lib/state/worker-tests/worker-tests-store';
import { OnDemand } from './on-demand';

const CompareDialog = lazy(() => import('@/components/compare/compare-dialog').then((module) => ({ default: module.CompareDialog })));
const WorkerTestsDialog = lazy(() => import('@/components/worker-tests/worker-tests-dialog').then((module) => ({ default: module.WorkerTestsDialog })));

/**
 * Compare and Tests: both open from the Run panel, so their stores (and the
 * run store they build on) come with it, once the project is on screen.
 */
export function RunDialogs() {
  const compareOpen = useCompareStore((state) => state.open);
  const testsOpen = useWorkerTestsStore((state) => state.open);
  return (
    <>
      <OnDemand open={compareOpen}>
        <CompareDialog />
      </OnDemand>
      <OnDemand open={testsOpen}>
        <WorkerTestsDialog />
      </OnDemand>
    </>
  );
}
