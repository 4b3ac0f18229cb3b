/** What a comparison runs with, loaded by the compare store on its first start. */
export { summarizeComparedRun } from './compare-summary';
export { loadProjectForRun } from '../run/load-project-for-run';
export { selectRunInput } from '../run/run-input';
export { runInOverlay } from '../run/overlay-run';
