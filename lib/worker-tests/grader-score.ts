import { outputJson, valueAtField } from './output-value';

/**
 * What a grader worker answered, read as a score: a number; a JSON object with the
 * score at `scoreField` (an output schema makes this reliable); or a text that starts
 * with a number ("0.8 — clear and complete", "Score: 4/5" reads 4).
 */
export function readGraderScore(output: unknown, scoreField: string): { ok: true; score: number } | { ok: false; error: string } {
  if (typeof output === 'number' && Number.isFinite(output)) return { ok: true, score: output };
  const json = outputJson(output);
  if (json.ok && typeof json.value === 'number' && Number.isFinite(json.value)) return { ok: true, score: json.value };
  if (json.ok && typeof json.value === 'object' && json.value !== null) {
    const field = valueAtField(json.value, scoreField);
    if (field.found && typeof field.value === 'number' && Number.isFinite(field.value)) return { ok: true, score: field.value };
    if (field.found && typeof field.value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(field.value)) return { ok: true, score: Number(field.value) };
    return { ok: false, error: `the grader's output has no number at "${scoreField}"` };
  }
  if (typeof output === 'string') {
    const leading = /^\s*(?:\[demo\]\s*)?(?:score\s*[:=]?\s*)?(-?\d+(?:\.\d+)?)/i.exec(output);
    if (leading !== null) return { ok: true, score: Number(leading[1]) };
  }
  return { ok: false, error: 'the grader did not answer with a score (a number, or JSON with a score field)' };
}

/** The grader's input: what the case asked, what the worker answered, and what to judge. */
export function graderInput(options: { caseName: string; caseInput: unknown; output: string; criteria?: string }): string {
  const input = typeof options.caseInput === 'string' ? options.caseInput : JSON.stringify(options.caseInput);
  return [
    `Grade the output of a worker for the test case "${options.caseName}".`,
    ...(options.criteria === undefined ? [] : ['', `Criteria: ${options.criteria}`]),
    '',
    'The input it was given:',
    input,
    '',
    'Its output:',
    options.output,
  ].join('\n');
}
