import { jsonSchemaProblem } from '@/lib/json-schema/dialects';
import { parseTestFile, type ParsedTestFile } from '@/lib/worker-tests/parse-test-file';
import { workerFileBeside } from '@/lib/worker-tests/test-file-path';

/**
 * A worker's tests file read against the project: which worker it belongs to (the
 * `.worker` or `.agent` file beside it, or its `worker:` key), whether that and every grader exist,
 * and whether its JSON Schemas are valid (the same Ajv setup as worker schemas). One
 * function for the diagnostics (analyze-project.ts) and the test runner, so both agree.
 */
export function readTestFile(path: string, text: string, workerPaths: ReadonlyMap<string, string>): ParsedTestFile {
  const beside = workerFileBeside(path);
  // An llm-do project's worker beside it is an `.agent` file (an exported example's deck_evaluator.agent).
  const workerBeside = beside === null ? undefined : (workerPaths.get(beside) ?? workerPaths.get(`${beside.slice(0, -'.worker'.length)}.agent`));
  return parseTestFile(text, path, {
    knownWorkers: new Set(workerPaths.values()),
    ...(workerBeside === undefined ? {} : { workerBeside }),
    schemaProblem: jsonSchemaProblem,
  });
}
