import { describe, expect, it } from 'vitest';
import { jsonSchemaProblem } from '@/lib/json-schema/dialects';
import { parseTestFile, type TestFileContext } from './parse-test-file';

const CONTEXT: TestFileContext = { knownWorkers: new Set(['deck_evaluator', 'grader']), workerBeside: 'deck_evaluator', schemaProblem: jsonSchemaProblem };

const GOOD = `# Test cases of deck_evaluator
cases:
  - name: Tidewater is worth investing in
    input: Evaluate the pitch deck input/tidewater-robotics.pdf
    attachments: [input/tidewater-robotics.pdf]
    checks:
      - contains: "**Verdict: Invest**"
      - not_contains: pass
        ignore_case: true
      - regex: '\\*\\*Total\\*\\* \\| \\*\\*2\\d/25'
        flags: i
  - name: Typed output
    input: { company: Acme }
    checks:
      - json_schema: { type: object, required: [verdict] }
      - field: scores.team
        equals: 4
      - grader: grader
        min_score: 0.7
        criteria: Every score is justified
`;

function at(text: string, context: Partial<TestFileContext> = {}) {
  const parsed = parseTestFile(text, 'evaluator.tests.yaml', { ...CONTEXT, ...context });
  return { ...parsed, located: parsed.diagnostics.map((diagnostic) => `${diagnostic.line}:${diagnostic.column} ${diagnostic.code}: ${diagnostic.message}`) };
}

describe('tests file', () => {
  it('reads cases, inputs, attachments and every kind of check', () => {
    const { suite, diagnostics } = at(GOOD);
    expect(diagnostics).toEqual([]);
    expect(suite?.worker).toBe('deck_evaluator');
    expect(suite?.cases.map((testCase) => testCase.name)).toEqual(['Tidewater is worth investing in', 'Typed output']);
    expect(suite?.cases[0]).toMatchObject({ attachments: ['input/tidewater-robotics.pdf'], input: 'Evaluate the pitch deck input/tidewater-robotics.pdf' });
    expect(suite?.cases[0]?.checks).toEqual([
      { kind: 'contains', text: '**Verdict: Invest**', ignoreCase: false },
      { kind: 'not_contains', text: 'pass', ignoreCase: true },
      { kind: 'regex', pattern: String.raw`\*\*Total\*\* \| \*\*2\d/25`, flags: 'i' },
    ]);
    expect(suite?.cases[1]?.input).toEqual({ company: 'Acme' });
    expect(suite?.cases[1]?.checks).toEqual([
      { kind: 'json_schema', schema: { type: 'object', required: ['verdict'] } },
      { kind: 'field_equals', field: 'scores.team', equals: 4 },
      { kind: 'grader', worker: 'grader', minScore: 0.7, scoreField: 'score', criteria: 'Every score is justified' },
    ]);
  });

  it('locates a YAML error', () => {
    const { suite, located } = at('cases:\n  - name: "unclosed\n');
    expect(suite).toBeUndefined();
    expect(located[0]).toMatch(/^2:\d+ yaml-syntax: YAML: /);
  });

  it('locates an unknown check kind, with a suggestion', () => {
    const { suite, located } = at('cases:\n  - name: a\n    checks:\n      - contain: x\n');
    expect(suite).toBeUndefined();
    expect(located).toEqual(['4:9 unknown-check: Unknown check kind "contain" (did you mean "contains"?); a check is one of: contains, not_contains, regex, json_schema, field, grader, tool_called, tool_not_called, max_steps, max_cost_usd, max_duration_ms']);
  });

  it('locates a regex that does not compile or could stall the tab', () => {
    expect(at('cases:\n  - name: a\n    checks:\n      - regex: "(a+)+$"\n').located).toEqual([
      '4:16 bad-regex: This regex cannot be used: it is refused because it repeats a group that holds a repetition, like (a+)+, which can take exponential time; rewrite it without nested repetition or backreferences',
    ]);
    expect(at('cases:\n  - name: a\n    checks:\n      - regex: "[a-"\n').located[0]).toContain('4:16 bad-regex: This regex cannot be used: it is not a valid regular expression');
    expect(at('cases:\n  - name: a\n    checks:\n      - regex: a\n        flags: g\n').located[0]).toContain('5:16 bad-regex');
  });

  it('locates a missing worker: none beside the file, a named one, a grader', () => {
    expect(at('cases:\n  - name: a\n    checks: [{ contains: x }]\n', { workerBeside: undefined }).located).toEqual([
      '1:1 unknown-worker: These tests belong to no worker: there is no worker file "evaluator.worker" beside them; add "worker: <name>" or rename the file after its worker',
    ]);
    expect(at('worker: deck_evaluatr\ncases:\n  - name: a\n    checks: [{ contains: x }]\n').located).toEqual(['1:9 unknown-worker: The worker "deck_evaluatr" does not exist (did you mean "deck_evaluator"?)']);
    expect(at('cases:\n  - name: a\n    checks:\n      - grader: judge\n        min_score: 1\n').located).toEqual(['4:17 unknown-worker: The grader worker "judge" does not exist']);
  });

  it('reports wrong shapes, unknown keys and duplicates without throwing', () => {
    const { located, suite } = at(
      [
        'workers: x',
        'cases:',
        '  - name: a',
        '    checks: []',
        '  - name: a',
        '    inputs: hi',
        '    attachments: [1]',
        '    checks:',
        '      - field: verdict',
        '      - json_schema: { type: objekt }',
        '      - grader: grader',
        '      - { contains: a, regex: b }',
        '  - 7',
        '',
      ].join('\n'),
    );
    expect(suite).toBeUndefined();
    expect(located).toEqual([
      '1:1 unknown-key: Unknown key "workers" in a tests file (did you mean "worker"?); allowed: worker, cases',
      '4:5 missing-field: A test case needs "checks": a list with at least one check (contains, not_contains, regex, json_schema, field, grader, tool_called, tool_not_called, max_steps, max_cost_usd, max_duration_ms)',
      '6:5 unknown-key: Unknown key "inputs" in a test case (did you mean "input"?); allowed: name, input, attachments, checks',
      '5:11 duplicate-case: Another test case is also named "a" (case 1); names must be unique in the file',
      '7:19 invalid-value: An attachment must be a project path such as "input/deck.pdf", but it is the number 1',
      '9:9 missing-field: A field check needs "equals:" with the value the field must have',
      expect.stringMatching(/^10:22 invalid-json-schema: "json_schema" is not a valid JSON Schema: /),
      '11:9 missing-field: A grader check needs "min_score:", the lowest score that passes (a number), but it is nothing',
      '12:24 ambiguous-check: One check per list item: this one is both "contains" and "regex"; make them two items',
      '13:5 invalid-case: A test case must be a mapping with "name", "input" and "checks", but it is the number 7',
    ]);
    expect(at('- a\n').located).toEqual(['1:1 tests-not-mapping: A tests file is a mapping with "cases:" (and optionally "worker:"), but this one is a list']);
  });
});
