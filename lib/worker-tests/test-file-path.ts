/**
 * A worker's test cases live beside it: `evaluator.tests.yaml` next to `evaluator.worker`
 * (`.tests.yml` is accepted too). The pairing is by file name, so renaming a worker file
 * means renaming its tests file as well; a `worker:` key in the file overrides it.
 */
const TEST_FILE_SUFFIXES = ['.tests.yaml', '.tests.yml'] as const;

export function isTestFilePath(path: string): boolean {
  return TEST_FILE_SUFFIXES.some((suffix) => path.endsWith(suffix) && path.length > suffix.length && !path.endsWith(`/${suffix}`));
}

/** The worker file a tests file belongs to by name: "a/evaluator.tests.yaml" → "a/evaluator.worker". */
export function workerFileBeside(testPath: string): string | null {
  const suffix = TEST_FILE_SUFFIXES.find((candidate) => testPath.endsWith(candidate));
  return suffix === undefined ? null : `${testPath.slice(0, -suffix.length)}.worker`;
}

/** The tests file for a worker file: "a/evaluator.worker" → "a/evaluator.tests.yaml". */
export function testFileBeside(workerPath: string): string {
  return `${workerPath.replace(/\.(worker|agent)$/, '')}.tests.yaml`;
}
