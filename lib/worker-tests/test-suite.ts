/**
 * Test cases of one worker, as read from its `<worker>.tests.yaml` file (the format is
 * documented in docs/worker-tests.md). Pure data: parsing is parse-test-file.ts, checking
 * is evaluate-check.ts, running is the platform's (lib/state/worker-tests/worker-tests-store.ts).
 */

/** The output contains this text. */
export interface ContainsCheck {
  kind: 'contains';
  text: string;
  ignoreCase: boolean;
}

/** The output does not contain this text. */
export interface NotContainsCheck {
  kind: 'not_contains';
  text: string;
  ignoreCase: boolean;
}

/** The output matches this regular expression (JavaScript syntax, guarded by safe-regex.ts). */
export interface RegexCheck {
  kind: 'regex';
  pattern: string;
  flags: string;
}

/** The output (JSON, or text that parses as JSON) is valid against this JSON Schema. */
export interface JsonSchemaCheck {
  kind: 'json_schema';
  schema: Record<string, unknown>;
}

/** The value at a dotted path of the JSON output equals this value (deep equality). */
export interface FieldEqualsCheck {
  kind: 'field_equals';
  /** "verdict", "scores.team", "items.0.name"; "" is the whole output. */
  field: string;
  equals: unknown;
}

/** Another worker reads the output and scores it; the check passes when the score reaches the threshold. */
export interface GraderCheck {
  kind: 'grader';
  worker: string;
  minScore: number;
  /** Where the score is in the grader's JSON output; a bare number (or a text starting with one) is read as is. */
  scoreField: string;
  /** What the grader is asked to judge, added to its input. */
  criteria?: string;
  /** The model the grader runs on; by default the one the case runs on (a worker's own model wins, as always). */
  model?: string;
}

/** Some worker of the case's run called this tool (`tool_called`), or none did (`tool_not_called`). */
export interface ToolCallCheck {
  kind: 'tool_called' | 'tool_not_called';
  tool: string;
}

/** A budget of the case's run (grader runs not counted): model steps of all its workers, estimated cost, wall time. */
export interface RunBudgetCheck {
  kind: 'max_steps' | 'max_cost_usd' | 'max_duration_ms';
  limit: number;
}

export type TestCheck = ContainsCheck | NotContainsCheck | RegexCheck | JsonSchemaCheck | FieldEqualsCheck | GraderCheck | ToolCallCheck | RunBudgetCheck;

export type TestCheckKind = TestCheck['kind'];

export interface TestCase {
  name: string;
  /** Text, or a value for a worker with an input schema. */
  input: unknown;
  /** Project-relative paths of files attached to the input. */
  attachments: string[];
  checks: TestCheck[];
}

export interface TestSuite {
  /** Project-relative path of the tests file. */
  path: string;
  /** The worker under test. */
  worker: string;
  cases: TestCase[];
}
