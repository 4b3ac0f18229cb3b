import { checkAgainstSchema } from '@/lib/json-schema/check-against-schema';
import { graderInput, readGraderScore } from './grader-score';
import { briefValue, jsonEqual, outputJson, outputText, valueAtField } from './output-value';
import type { RegexMatcher } from './safe-regex';
import type { RunFacts } from './run-facts';
import type { GraderCheck, TestCase, TestCheck } from './test-suite';

/**
 * Evaluates one check on a case's output. Pure, apart from what the platform passes in:
 * the regex matcher (a Web Worker with a time limit in the browser) and the grader run
 * (a normal run of another worker). The message says what was expected and what was
 * found, so a failing cell of the results table explains itself.
 */
export interface CheckResult {
  check: TestCheck;
  passed: boolean;
  message: string;
  /** The grader's own run, for a grader check. */
  graderRunId?: string;
}

export type GradeOutcome = { ok: true; runId: string; output: unknown } | { ok: false; runId?: string; error: string };

export interface CheckServices {
  matchRegex: RegexMatcher;
  /** Runs the grader worker on this input; the platform keeps it as a normal run. */
  grade: (check: GraderCheck, input: string) => Promise<GradeOutcome>;
}

/** A check's one-line name, for tables and messages. */
export function describeCheck(check: TestCheck): string {
  switch (check.kind) {
    case 'contains':
      return `contains ${JSON.stringify(check.text)}${check.ignoreCase ? ' (any case)' : ''}`;
    case 'not_contains':
      return `does not contain ${JSON.stringify(check.text)}${check.ignoreCase ? ' (any case)' : ''}`;
    case 'regex':
      return `matches /${check.pattern}/${check.flags}`;
    case 'json_schema':
      return 'is valid against the JSON Schema';
    case 'field_equals':
      return `${check.field === '' ? 'the output' : `"${check.field}"`} equals ${briefValue(check.equals)}`;
    case 'grader':
      return `graded by ${check.worker} at ${check.minScore} or more`;
    case 'tool_called':
      return `calls ${check.tool}`;
    case 'tool_not_called':
      return `never calls ${check.tool}`;
    case 'max_steps':
      return `takes at most ${check.limit} model steps`;
    case 'max_cost_usd':
      return `costs at most $${check.limit}`;
    case 'max_duration_ms':
      return `takes at most ${check.limit} ms`;
  }
}

function includes(haystack: string, needle: string, ignoreCase: boolean): boolean {
  return ignoreCase ? haystack.toLowerCase().includes(needle.toLowerCase()) : haystack.includes(needle);
}

function result(check: TestCheck, passed: boolean, failure: string): CheckResult {
  return { check, passed, message: passed ? `passed: ${describeCheck(check)}` : failure };
}

/** The checks on how the run went rather than on its output; they need the run's facts. */
function evaluateRunCheck(check: Extract<TestCheck, { kind: 'tool_called' | 'tool_not_called' | 'max_steps' | 'max_cost_usd' | 'max_duration_ms' }>, facts: RunFacts | undefined): CheckResult {
  if (facts === undefined) return result(check, false, `${describeCheck(check)} could not be checked: the run's events were not kept`);
  switch (check.kind) {
    case 'tool_called': {
      const count = facts.toolCalls.filter((name) => name === check.tool).length;
      return result(check, count > 0, `expected a call of ${check.tool}; the run called ${facts.toolCalls.length === 0 ? 'no tool' : [...new Set(facts.toolCalls)].join(', ')}`);
    }
    case 'tool_not_called': {
      const count = facts.toolCalls.filter((name) => name === check.tool).length;
      return result(check, count === 0, `expected no call of ${check.tool}; the run called it ${count === 1 ? 'once' : `${count} times`}`);
    }
    case 'max_steps':
      return result(check, facts.steps <= check.limit, `expected at most ${check.limit} model steps; the run took ${facts.steps}`);
    case 'max_duration_ms':
      return result(check, facts.durationMs <= check.limit, `expected at most ${check.limit} ms; the run took ${Math.round(facts.durationMs)} ms`);
    case 'max_cost_usd': {
      // An unknown price is never taken as 0: a budget that cannot be proved is not met.
      if (facts.cost.unpricedModels.length > 0) return result(check, false, `expected at most $${check.limit}, but no price is known for ${facts.cost.unpricedModels.join(', ')}`);
      return result(check, facts.cost.knownUsd <= check.limit, `expected at most $${check.limit}; the run cost about $${facts.cost.knownUsd.toPrecision(3)}`);
    }
  }
}

export interface EvaluateCheckOptions {
  check: TestCheck;
  output: unknown;
  testCase: TestCase;
  services: CheckServices;
  facts?: RunFacts;
}

export async function evaluateCheck({ check, output, testCase, services, facts }: EvaluateCheckOptions): Promise<CheckResult> {
  const text = outputText(output);
  switch (check.kind) {
    case 'tool_called':
    case 'tool_not_called':
    case 'max_steps':
    case 'max_cost_usd':
    case 'max_duration_ms':
      return evaluateRunCheck(check, facts);
    case 'contains':
      return result(check, includes(text, check.text, check.ignoreCase), `expected the output to contain ${JSON.stringify(check.text)}; it does not`);
    case 'not_contains':
      return result(check, !includes(text, check.text, check.ignoreCase), `expected the output not to contain ${JSON.stringify(check.text)}; it does`);
    case 'regex': {
      const matched = await services.matchRegex(check.pattern, check.flags, text);
      if ('error' in matched) return result(check, false, matched.error);
      return result(check, matched.matched, `expected the output to match /${check.pattern}/${check.flags}; it does not`);
    }
    case 'json_schema': {
      const json = outputJson(output);
      if (!json.ok) return result(check, false, `expected JSON valid against the schema, but ${json.error}`);
      const problem = checkAgainstSchema(check.schema, json.value, 'output');
      return result(check, problem === null, `the output does not match the JSON Schema: ${problem ?? ''}`);
    }
    case 'field_equals': {
      const json = outputJson(output);
      if (!json.ok) return result(check, false, `expected "${check.field}" to equal ${briefValue(check.equals)}, but ${json.error}`);
      const found = valueAtField(json.value, check.field);
      if (!found.found) return result(check, false, `expected "${check.field}" to equal ${briefValue(check.equals)}, but the output has no "${found.missing}"`);
      return result(check, jsonEqual(found.value, check.equals), `expected "${check.field}" to equal ${briefValue(check.equals)}, got ${briefValue(found.value)}`);
    }
    case 'grader': {
      const graded = await services.grade(check, graderInput({ caseName: testCase.name, caseInput: testCase.input, output: text, ...(check.criteria === undefined ? {} : { criteria: check.criteria }) }));
      const runId = graded.runId === undefined ? {} : { graderRunId: graded.runId };
      if (!graded.ok) return { ...result(check, false, `the grader ${check.worker} did not finish: ${graded.error}`), ...runId };
      const score = readGraderScore(graded.output, check.scoreField);
      if (!score.ok) return { ...result(check, false, `the grader ${check.worker} gave no score: ${score.error}`), ...runId };
      const passed = score.score >= check.minScore;
      return {
        check,
        passed,
        message: passed ? `passed: ${check.worker} scored ${score.score} (needs ${check.minScore})` : `${check.worker} scored ${score.score}; it needs ${check.minScore} or more`,
        ...runId,
      };
    }
  }
}

export interface CaseVerdict {
  passed: boolean;
  checks: CheckResult[];
}

export interface EvaluateCaseOptions {
  testCase: TestCase;
  output: unknown;
  services: CheckServices;
  facts?: RunFacts;
}

/** Every check of a case, in order (each is told the same output and run facts); the case passes when all pass. */
export async function evaluateCase({ testCase, output, services, facts }: EvaluateCaseOptions): Promise<CaseVerdict> {
  const checks: CheckResult[] = [];
  for (const check of testCase.checks) checks.push(await evaluateCheck({ check, output, testCase, services, facts }));
  return { passed: checks.every((check) => check.passed), checks };
}
