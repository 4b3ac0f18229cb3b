/** What a comparison runs with, loaded by the compare store on its first start. */
export { startRun } from '@/lib/runtime/run-session';
export { createRunSession } from '@/lib/runtime/session-state';
export { browserPdfTextExtractor } from '@/lib/pdf/load-pdfjs-browser';
export { summarizeComparedRun } from './compare-summary';
export { browserModelClient, projectSandbox } from './run-platform';
export { loadProjectForRun } from './load-project-for-run';
export { selectRunInput } from './run/run-input';
