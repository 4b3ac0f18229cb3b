import { errorMessage } from '@/lib/errors/error-message';
import { LineCounter, parseDocument } from 'yaml';
import type { Diagnostic, DiagnosticSeverity } from '@/lib/worker/diagnostic';
import { errorOffsets } from '@/lib/worker/parse-worker-file';
import { describeValue, suggestKey } from '@/lib/worker/schema-issue-diagnostics';
import { createSourceMap, type PathSegment, type SourceMap, type SourceRange } from '@/lib/worker/yaml-source-map';
import { regexProblem } from './safe-regex';
import type { TestCase, TestCheck, TestSuite } from './test-suite';

/**
 * Reads a `<worker>.tests.yaml` file (docs/worker-tests.md). It never throws: every
 * problem — a YAML error, an unknown check kind or key, a regex that is refused, a JSON
 * Schema that is not one, a worker that does not exist — is a diagnostic located at the
 * key or value at fault, shown in the editor and the Problems panel like a worker's.
 * The suite is given only when the file has no errors: a half-read file is never run.
 */

/** Larger files are refused before parsing: test cases are text, not data dumps. */
export const MAX_TEST_FILE_BYTES = 512 * 1024;
const MAX_ALIAS_COUNT = 100;

export interface TestFileContext {
  /** Names of the project's workers (files with errors included, so a typo is blamed once). */
  knownWorkers: ReadonlySet<string>;
  /** The name of the worker in the `.worker` file beside the tests file, if there is one. */
  workerBeside?: string;
  /** Tells whether a JSON Schema is valid; null when it is, else why not (lib/project/schema-references.ts). */
  schemaProblem: (schema: unknown) => string | null;
}

export interface ParsedTestFile {
  suite?: TestSuite;
  diagnostics: Diagnostic[];
}

const TOP_KEYS = ['worker', 'cases'] as const;
const CASE_KEYS = ['name', 'input', 'attachments', 'checks'] as const;
/** The key that says which kind a check is, and the other keys it may have. */
const CHECK_KINDS: Record<string, readonly string[]> = {
  contains: ['ignore_case'],
  not_contains: ['ignore_case'],
  regex: ['flags'],
  json_schema: [],
  field: ['equals'],
  grader: ['min_score', 'score_field', 'criteria', 'model'],
  tool_called: [],
  tool_not_called: [],
  max_steps: [],
  max_cost_usd: [],
  max_duration_ms: [],
};

/** `replacement`: the did-you-mean's text for the located key or value (a quick fix). */
interface TestFileProblem {
  path: readonly PathSegment[];
  code: string;
  message: string;
  part?: 'key' | 'value';
  severity?: DiagnosticSeverity;
  replacement?: string;
}

type Report = (problem: TestFileProblem) => void;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface UnknownKeysOptions {
  value: Record<string, unknown>;
  allowed: readonly string[];
  path: readonly PathSegment[];
  what: string;
  report: Report;
}

function unknownKeys({ value, allowed, path, what, report }: UnknownKeysOptions): void {
  for (const key of Object.keys(value)) {
    if (allowed.includes(key)) continue;
    const hint = suggestKey(key, [...allowed]);
    report({ path: [...path, key], code: 'unknown-key', message: `Unknown key "${key}" in ${what}${hint ? ` (did you mean "${hint}"?)` : ''}; allowed: ${allowed.join(', ')}`, part: 'key', severity: 'error', replacement: hint });
  }
}

interface ReadCheckOptions {
  raw: unknown;
  path: readonly PathSegment[];
  context: TestFileContext;
  report: Report;
}

function readCheck({ raw, path, context, report }: ReadCheckOptions): TestCheck | null {
  if (!isRecord(raw)) {
    report({ path, code: 'invalid-check', message: `A check must be a mapping such as "contains: text", but it is ${describeValue(raw)}` });
    return null;
  }
  const kinds = Object.keys(raw).filter((key) => key in CHECK_KINDS);
  if (kinds.length === 0) {
    const [first] = Object.keys(raw);
    const hint = first === undefined ? undefined : suggestKey(first, Object.keys(CHECK_KINDS));
    report({ path: first === undefined ? path : [...path, first], code: 'unknown-check', message: `Unknown check kind${first === undefined ? '' : ` "${first}"`}${hint ? ` (did you mean "${hint}"?)` : ''}; a check is one of: ${Object.keys(CHECK_KINDS).join(', ')}`, part: 'key', severity: 'error', replacement: hint });
    return null;
  }
  if (kinds.length > 1) {
    report({ path: [...path, kinds[1]!], code: 'ambiguous-check', message: `One check per list item: this one is both "${kinds[0]}" and "${kinds[1]}"; make them two items`, part: 'key' });
    return null;
  }
  const kind = kinds[0]!;
  let failed = false;
  const fail: Report = (problem) => {
    failed = true;
    report(problem);
  };
  unknownKeys({ value: raw, allowed: [kind, ...CHECK_KINDS[kind]!], path, what: `a ${kind} check`, report: fail });
  const value = raw[kind];
  const text = (key: string, required: boolean): string | undefined => {
    const entry = raw[key];
    if (entry === undefined && !required) return undefined;
    if (typeof entry === 'string' && entry !== '') return entry;
    // Numbers and booleans read as text: `contains: 25` means the characters "25".
    if (typeof entry === 'number' || typeof entry === 'boolean') return String(entry);
    fail({ path: [...path, key], code: 'invalid-value', message: `"${key}" must be a non-empty text, but it is ${describeValue(entry)}` });
    return undefined;
  };
  const flag = (key: string): boolean => {
    const entry = raw[key];
    if (entry === undefined || typeof entry === 'boolean') return entry === true;
    fail({ path: [...path, key], code: 'invalid-value', message: `"${key}" must be true or false, but it is ${describeValue(entry)}` });
    return false;
  };

  let check: TestCheck | null = null;
  if (kind === 'contains' || kind === 'not_contains') {
    const needle = text(kind, true);
    const ignoreCase = flag('ignore_case');
    if (needle !== undefined) check = { kind, text: needle, ignoreCase };
  } else if (kind === 'regex') {
    const pattern = text('regex', true);
    const flags = text('flags', false) ?? '';
    if (pattern !== undefined) {
      const problem = regexProblem(pattern, flags);
      if (problem === null) check = { kind, pattern, flags };
      else fail({ path: [...path, problem.startsWith('the flag') || problem.startsWith('a flag') ? 'flags' : 'regex'], code: 'bad-regex', message: `This regex cannot be used: ${problem}` });
    }
  } else if (kind === 'json_schema') {
    if (!isRecord(value)) fail({ path: [...path, kind], code: 'invalid-value', message: `"json_schema" must be a JSON Schema object (like "{ type: object, required: [score] }"), but it is ${describeValue(value)}` });
    else {
      const problem = context.schemaProblem(value);
      if (problem === null) check = { kind, schema: value };
      else fail({ path: [...path, kind], code: 'invalid-json-schema', message: `"json_schema" is not a valid JSON Schema: ${problem}` });
    }
  } else if (kind === 'field') {
    const field = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
    if (field === undefined) fail({ path: [...path, kind], code: 'invalid-value', message: `"field" must be a dotted path such as "scores.team", but it is ${describeValue(value)}` });
    if (!('equals' in raw)) fail({ path: [...path, kind], code: 'missing-field', message: `A field check needs "equals:" with the value the field must have`, part: 'key' });
    else if (field !== undefined) check = { kind: 'field_equals', field, equals: raw.equals };
  } else if (kind === 'tool_called' || kind === 'tool_not_called') {
    const tool = text(kind, true);
    if (tool !== undefined) check = { kind, tool };
  } else if (kind === 'max_steps' || kind === 'max_cost_usd' || kind === 'max_duration_ms') {
    const whole = kind !== 'max_cost_usd';
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (whole && !Number.isInteger(value))) {
      fail({ path: [...path, kind], code: 'invalid-value', message: `"${kind}" must be ${whole ? 'a whole number' : 'a number'} of 0 or more, but it is ${describeValue(value)}` });
    } else check = { kind, limit: value };
  } else if (kind === 'grader') {
    const worker = text('grader', true);
    const minScore = raw.min_score;
    if (typeof minScore !== 'number' || !Number.isFinite(minScore)) {
      fail({ path: 'min_score' in raw ? [...path, 'min_score'] : [...path, kind], code: 'missing-field', message: `A grader check needs "min_score:", the lowest score that passes (a number), but it is ${describeValue(minScore)}`, part: 'min_score' in raw ? 'value' : 'key' });
    }
    const scoreField = text('score_field', false) ?? 'score';
    const criteria = text('criteria', false);
    const model = text('model', false);
    if (worker !== undefined && !context.knownWorkers.has(worker)) {
      const hint = suggestKey(worker, [...context.knownWorkers]);
      fail({ path: [...path, kind], code: 'unknown-worker', message: `The grader worker "${worker}" does not exist${hint ? ` (did you mean "${hint}"?)` : ''}`, part: 'value', severity: 'error', replacement: hint });
    }
    if (worker !== undefined && typeof minScore === 'number') {
      check = { kind, worker, minScore, scoreField, ...(criteria === undefined ? {} : { criteria }), ...(model === undefined ? {} : { model }) };
    }
  }
  return failed ? null : check;
}

interface ReadCaseOptions {
  raw: unknown;
  index: number;
  context: TestFileContext;
  report: Report;
  names: Map<string, number>;
}

function readCase({ raw, index, context, report, names }: ReadCaseOptions): TestCase | null {
  const path: PathSegment[] = ['cases', index];
  if (!isRecord(raw)) {
    report({ path, code: 'invalid-case', message: `A test case must be a mapping with "name", "input" and "checks", but it is ${describeValue(raw)}` });
    return null;
  }
  let failed = false;
  const fail: Report = (problem) => {
    failed = true;
    report(problem);
  };
  unknownKeys({ value: raw, allowed: CASE_KEYS, path, what: 'a test case', report: fail });
  const name = typeof raw.name === 'string' && raw.name.trim() !== '' ? raw.name.trim() : undefined;
  if (name === undefined) fail({ path: 'name' in raw ? [...path, 'name'] : path, code: 'missing-field', message: 'A test case needs a "name" (a short sentence saying what it checks)', part: 'key' });
  else if (names.has(name)) fail({ path: [...path, 'name'], code: 'duplicate-case', message: `Another test case is also named "${name}" (case ${names.get(name)! + 1}); names must be unique in the file` });
  else names.set(name, index);

  const attachments: string[] = [];
  if (raw.attachments !== undefined) {
    if (!Array.isArray(raw.attachments)) fail({ path: [...path, 'attachments'], code: 'invalid-value', message: `"attachments" must be a list of project paths, but it is ${describeValue(raw.attachments)}` });
    else
      raw.attachments.forEach((entry, position) => {
        if (typeof entry === 'string' && entry.trim() !== '') attachments.push(entry.trim());
        else fail({ path: [...path, 'attachments', position], code: 'invalid-value', message: `An attachment must be a project path such as "input/deck.pdf", but it is ${describeValue(entry)}` });
      });
  }

  const checks: TestCheck[] = [];
  if (!Array.isArray(raw.checks) || raw.checks.length === 0) {
    fail({ path: 'checks' in raw ? [...path, 'checks'] : path, code: 'missing-field', message: `A test case needs "checks": a list with at least one check (${Object.keys(CHECK_KINDS).join(', ')})`, part: 'key' });
  } else {
    raw.checks.forEach((entry, position) => {
      const check = readCheck({ raw: entry, path: [...path, 'checks', position], context, report: fail });
      if (check !== null) checks.push(check);
    });
  }
  if (failed || name === undefined) return null;
  return { name, input: raw.input ?? '', attachments, checks };
}

interface AddOptions {
  range: SourceRange;
  severity: DiagnosticSeverity;
  code: string;
  message: string;
  replacement?: string;
}

export function parseTestFile(text: string, filePath: string, context: TestFileContext): ParsedTestFile {
  const diagnostics: Diagnostic[] = [];
  const whole = { line: 1, column: 1, endLine: 1, endColumn: 2 };
  const add = ({ range, severity, code, message, replacement }: AddOptions) =>
    diagnostics.push({ file: filePath, ...range, severity, code, message, ...(replacement === undefined ? {} : { replacement }) });
  if (text.length > MAX_TEST_FILE_BYTES) {
    add({ range: whole, severity: 'error', code: 'file-too-large', message: `A tests file may hold at most ${MAX_TEST_FILE_BYTES / 1024} KiB; this one is larger` });
    return { diagnostics };
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const sourceMap: SourceMap = createSourceMap(document, lineCounter, { lineOffset: 0, textLength: text.length });
  for (const error of document.errors) {
    add({ range: sourceMap.rangeOfOffsets(...errorOffsets(error, text)), severity: 'error', code: error.code === 'DUPLICATE_KEY' ? 'duplicate-key' : 'yaml-syntax', message: `YAML: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}` });
  }
  if (document.errors.length > 0) return { diagnostics };
  let raw: unknown;
  try {
    raw = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    add({ range: sourceMap.start, severity: 'error', code: 'yaml-syntax', message: `YAML: ${errorMessage(error)}` });
    return { diagnostics };
  }
  let failed = false;
  const report: Report = ({ path, code, message, part = 'value', severity = 'error', replacement }) => {
    if (severity === 'error') failed = true;
    add({ range: sourceMap.locate(path, part), severity, code, message, replacement });
  };
  if (!isRecord(raw)) {
    report({ path: [], code: 'tests-not-mapping', message: `A tests file is a mapping with "cases:" (and optionally "worker:"), but this one is ${describeValue(raw)}` });
    return { diagnostics };
  }
  unknownKeys({ value: raw, allowed: TOP_KEYS, path: [], what: 'a tests file', report });

  let worker: string | undefined;
  if (raw.worker !== undefined) {
    if (typeof raw.worker !== 'string' || raw.worker === '') report({ path: ['worker'], code: 'invalid-value', message: `"worker" must be a worker's name, but it is ${describeValue(raw.worker)}` });
    else if (!context.knownWorkers.has(raw.worker)) {
      const hint = suggestKey(raw.worker, [...context.knownWorkers]);
      report({ path: ['worker'], code: 'unknown-worker', message: `The worker "${raw.worker}" does not exist${hint ? ` (did you mean "${hint}"?)` : ''}`, part: 'value', severity: 'error', replacement: hint });
    } else worker = raw.worker;
  } else if (context.workerBeside !== undefined) worker = context.workerBeside;
  else {
    const beside = filePath.replace(/\.tests\.ya?ml$/, '.worker');
    report({ path: [], code: 'unknown-worker', message: `These tests belong to no worker: there is no worker file "${beside}" beside them; add "worker: <name>" or rename the file after its worker`, part: 'key' });
  }

  const cases: TestCase[] = [];
  if (!Array.isArray(raw.cases) || raw.cases.length === 0) {
    report({ path: 'cases' in raw ? ['cases'] : [], code: 'missing-field', message: 'A tests file needs "cases": a list with at least one test case', part: 'key' });
  } else {
    const names = new Map<string, number>();
    raw.cases.forEach((entry, index) => {
      const testCase = readCase({ raw: entry, index, context, report, names });
      if (testCase !== null) cases.push(testCase);
    });
  }
  if (failed || worker === undefined) return { diagnostics };
  return { suite: { path: filePath, worker, cases }, diagnostics };
}
