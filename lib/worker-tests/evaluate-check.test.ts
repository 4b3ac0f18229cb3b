import { describe, expect, it } from 'vitest';
import { evaluateCase, evaluateCheck, type CheckServices, type GradeOutcome } from './evaluate-check';
import { inProcessRegexMatcher } from './safe-regex';
import type { GraderCheck, TestCase, TestCheck } from './test-suite';

const REPORT = '# Tidewater Robotics\n\n**Verdict: Invest** (total 21/25)\n\n| **Total** | **21/25** | |';
const TEST_CASE: TestCase = { name: 'tidewater', input: 'Evaluate input/tidewater.pdf', attachments: [], checks: [] };

function services(grade: (check: GraderCheck, input: string) => Promise<GradeOutcome> = async () => ({ ok: false, error: 'no grader' })): CheckServices {
  return { matchRegex: inProcessRegexMatcher, grade };
}

async function run(check: TestCheck, output: unknown, grade?: CheckServices['grade']) {
  return evaluateCheck({ check, output, testCase: TEST_CASE, services: services(grade) });
}

describe('test checks', () => {
  it('contains and not_contains, with and without case', async () => {
    expect((await run({ kind: 'contains', text: '**Verdict: Invest**', ignoreCase: false }, REPORT)).passed).toBe(true);
    const miss = await run({ kind: 'contains', text: 'verdict: invest', ignoreCase: false }, REPORT);
    expect(miss).toMatchObject({ passed: false, message: 'expected the output to contain "verdict: invest"; it does not' });
    expect((await run({ kind: 'contains', text: 'verdict: invest', ignoreCase: true }, REPORT)).passed).toBe(true);
    expect((await run({ kind: 'not_contains', text: 'Pass', ignoreCase: false }, REPORT)).passed).toBe(true);
    expect((await run({ kind: 'not_contains', text: 'tidewater', ignoreCase: true }, REPORT)).passed).toBe(false);
    // A JSON output is searched as its JSON text.
    expect((await run({ kind: 'contains', text: '"verdict": "Invest"', ignoreCase: false }, { verdict: 'Invest' })).passed).toBe(true);
  });

  it('regex', async () => {
    expect((await run({ kind: 'regex', pattern: String.raw`\*\*Total\*\* \| \*\*(2[0-5])/25\*\*`, flags: '' }, REPORT)).passed).toBe(true);
    const lower = await run({ kind: 'regex', pattern: String.raw`total (1\d)/25`, flags: 'i' }, REPORT);
    expect(lower).toMatchObject({ passed: false, message: 'expected the output to match /total (1\\d)/25/i; it does not' });
    // A backtracking engine takes hours on this; the linear-time one answers at once.
    const nested = await run({ kind: 'regex', pattern: '[]|^(a+)+$', flags: '' }, 'a'.repeat(40) + '!');
    expect(nested).toMatchObject({ passed: false, message: 'expected the output to match /[]|^(a+)+$/; it does not' });
    // A pattern that engine cannot run is never run, even if it slipped past the file check.
    const refused = await run({ kind: 'regex', pattern: '(a)\\1', flags: '' }, 'aa');
    expect(refused.passed).toBe(false);
    expect(refused.message).toContain('was not run');
  });

  it('json_schema, on a JSON value or JSON text', async () => {
    const schema = { type: 'object', required: ['verdict', 'total'], properties: { verdict: { enum: ['Invest', 'Consider', 'Pass'] }, total: { type: 'integer', maximum: 25 } } };
    expect((await run({ kind: 'json_schema', schema }, { verdict: 'Invest', total: 21 })).passed).toBe(true);
    expect((await run({ kind: 'json_schema', schema }, '```json\n{"verdict":"Pass","total":3}\n```')).passed).toBe(true);
    const wrong = await run({ kind: 'json_schema', schema }, { verdict: 'Maybe', total: 30 });
    expect(wrong.passed).toBe(false);
    expect(wrong.message).toMatch(/does not match the JSON Schema: .*verdict/);
    const notJson = await run({ kind: 'json_schema', schema }, REPORT);
    expect(notJson).toMatchObject({ passed: false });
    expect(notJson.message).toContain('the output is not JSON (it starts "# Tidewater Robotics');
  });

  it('field equals, by dotted path with deep equality', async () => {
    const output = { verdict: 'Invest', scores: [{ name: 'team', score: 4 }], tags: { a: 1, b: [2] } };
    expect((await run({ kind: 'field_equals', field: 'verdict', equals: 'Invest' }, output)).passed).toBe(true);
    expect((await run({ kind: 'field_equals', field: 'scores.0.score', equals: 4 }, output)).passed).toBe(true);
    expect((await run({ kind: 'field_equals', field: 'tags', equals: { b: [2], a: 1 } }, JSON.stringify(output))).passed).toBe(true);
    expect(await run({ kind: 'field_equals', field: 'scores.0.score', equals: 5 }, output)).toMatchObject({ passed: false, message: 'expected "scores.0.score" to equal 5, got 4' });
    expect(await run({ kind: 'field_equals', field: 'scores.3.score', equals: 5 }, output)).toMatchObject({ passed: false, message: 'expected "scores.3.score" to equal 5, but the output has no "scores.3"' });
    // Only the object's own fields: "constructor" is not a field of {}.
    expect((await run({ kind: 'field_equals', field: 'constructor', equals: null }, {})).passed).toBe(false);
  });

  it('grader: runs the grader on the output and compares its score to the threshold', async () => {
    const inputs: string[] = [];
    const grade = (output: unknown): CheckServices['grade'] => async (_check, input) => {
      inputs.push(input);
      return { ok: true, runId: 'run-grader', output };
    };
    const check: GraderCheck = { kind: 'grader', worker: 'grader', minScore: 0.7, scoreField: 'score', criteria: 'Every score is justified' };
    expect(await run(check, REPORT, grade({ score: 0.9 }))).toMatchObject({ passed: true, graderRunId: 'run-grader' });
    expect(inputs[0]).toContain('Criteria: Every score is justified');
    expect(inputs[0]).toContain('Its output:\n# Tidewater Robotics');
    expect(inputs[0]).toContain('Evaluate input/tidewater.pdf');
    expect(await run(check, REPORT, grade({ score: 0.5 }))).toMatchObject({ passed: false, message: 'grader scored 0.5; it needs 0.7 or more' });
    expect((await run(check, REPORT, grade('0.8 — clear'))).passed).toBe(true);
    expect((await run({ ...check, scoreField: 'result.points' }, REPORT, grade({ result: { points: 0.7 } }))).passed).toBe(true);
    expect(await run(check, REPORT, grade('no idea'))).toMatchObject({ passed: false });
    expect((await run(check, REPORT, grade({ rating: 1 }))).message).toContain('no number at "score"');
    const failed = await run(check, REPORT, async () => ({ ok: false, runId: 'run-x', error: 'model_error: 500' }));
    expect(failed).toMatchObject({ passed: false, graderRunId: 'run-x', message: 'the grader grader did not finish: model_error: 500' });
  });

  it('a case passes only when every check passes, and reports each', async () => {
    const testCase: TestCase = {
      ...TEST_CASE,
      checks: [
        { kind: 'contains', text: 'Invest', ignoreCase: false },
        { kind: 'regex', pattern: 'Pass', flags: '' },
      ],
    };
    const verdict = await evaluateCase({ testCase, output: REPORT, services: services() });
    expect(verdict.passed).toBe(false);
    expect(verdict.checks.map((check) => check.passed)).toEqual([true, false]);
    expect((await evaluateCase({ testCase: { ...testCase, checks: testCase.checks.slice(0, 1) }, output: REPORT, services: services() })).passed).toBe(true);
  });
});
