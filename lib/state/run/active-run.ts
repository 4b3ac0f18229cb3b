import { createRunOwner } from './run-owner';

/** The Run form's run in progress (Compare and Tests own theirs: compare-store, worker-tests-store). */
export const activeRun = createRunOwner();
