/** What running test cases needs (the runtime, YAML, Ajv), loaded by the tests store on its first start. */
export { readTestFile } from '@/lib/project/test-files';
export { browserRegexMatcher } from '@/lib/worker-tests/browser-regex-matcher';
export { runTestCase } from '@/lib/worker-tests/run-test-case';
export { loadProjectForRun } from '../run/load-project-for-run';
export { runInOverlay } from '../run/overlay-run';
export { projectSandbox } from '../run/run-platform';
