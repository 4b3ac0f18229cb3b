import { describe, expect, it } from 'vitest';
import { buildRepairMessage, decideStructuredOutput, StructuredOutputError, validateStructuredOutput } from './structured-output';

const schema = {
  type: 'object',
  required: ['score', 'summary'],
  properties: { score: { type: 'integer', minimum: 0, maximum: 10 }, summary: { type: 'string' } },
};

describe('validateStructuredOutput', () => {
  it('accepts JSON text, fenced JSON and objects', () => {
    expect(validateStructuredOutput(schema, '{"score": 7, "summary": "ok"}')).toEqual({ ok: true, value: { score: 7, summary: 'ok' } });
    expect(validateStructuredOutput(schema, '```json\n{"score": 7, "summary": "ok"}\n```')).toMatchObject({ ok: true });
    expect(validateStructuredOutput(schema, { score: 0, summary: '' })).toMatchObject({ ok: true });
  });

  it('names the fields that do not match', () => {
    const result = validateStructuredOutput(schema, { score: 11 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues).toEqual([
      { field: 'summary', rule: 'required', message: 'is required but missing' },
      { field: 'score', rule: 'maximum', message: 'must be <= 10' },
    ]);
  });

  it('reports text that is not JSON', () => {
    const result = validateStructuredOutput(schema, 'The score is 7.');
    expect(!result.ok && result.issues[0]?.rule).toBe('json');
  });
});

describe('repair policy', () => {
  it('accepts a valid first answer', () => {
    expect(decideStructuredOutput({ workerName: 'evaluator', schema, output: '{"score":1,"summary":"s"}', attempt: 1 })).toEqual({
      action: 'accept',
      value: { score: 1, summary: 's' },
    });
  });

  it('asks for one repair after the first failure, saying what was wrong', () => {
    const decision = decideStructuredOutput({ workerName: 'evaluator', schema, output: '{"score":"high"}', attempt: 1 });
    expect(decision.action).toBe('repair');
    if (decision.action !== 'repair') return;
    expect(decision.message.role).toBe('user');
    expect(decision.message.content).toContain('- score must be integer (type)');
    expect(decision.message.content).toContain('- summary is required but missing (required)');
    expect(decision.message.content).toContain('Reply again with only the corrected JSON value');
  });

  it('fails clearly after the second failure', () => {
    const decision = decideStructuredOutput({ workerName: 'evaluator', schema, output: '{"score":"high","summary":"s"}', attempt: 2 });
    expect(decision.action).toBe('fail');
    if (decision.action !== 'fail') return;
    expect(decision.error).toBeInstanceOf(StructuredOutputError);
    expect(decision.error.message).toBe(
      'Worker "evaluator" returned output that does not match its output schema after 2 attempts: score must be integer (type).',
    );
  });

  it('a repaired second answer is accepted', () => {
    expect(decideStructuredOutput({ workerName: 'evaluator', schema, output: '{"score":3,"summary":"s"}', attempt: 2 }).action).toBe('accept');
  });

  it('buildRepairMessage can include the schema', () => {
    const message = buildRepairMessage([{ field: '', rule: 'json', message: 'is not valid JSON' }], schema);
    expect(message.content).toContain('the answer is not valid JSON (json)');
    expect(message.content).toContain(JSON.stringify(schema));
  });
});
