import { describe, expect, it } from 'vitest';
import { MAX_STEPS_PER_BATCH, parseStepBatch, stepBatchLine } from '@/lib/model/protocol/step-batch';

const limits = { maxStepBytes: 1024, maxSteps: MAX_STEPS_PER_BATCH };
const body = (text: string) => JSON.stringify({ model: 'openai:gpt-4.1', messages: [{ role: 'user', content: text }], tools: [] });

describe('a batch of steps', () => {
  it('reads back the steps the page joined, each with its number and its request as sent', () => {
    const lines = [stepBatchLine(3, body('a')), stepBatchLine(4, body('b\nwith a newline')), stepBatchLine(9, body('ü 🙂'))];
    const parsed = parseStepBatch(lines.join(''), limits);
    // Each step's size is its line's characters, its newline left out.
    const size = (index: number) => lines[index]!.length - 1;
    expect(parsed).toEqual({
      ok: true,
      steps: [
        { step: 3, request: JSON.parse(body('a')), size: size(0) },
        { step: 4, request: JSON.parse(body('b\nwith a newline')), size: size(1) },
        { step: 9, request: JSON.parse(body('ü 🙂')), size: size(2) },
      ],
    });
  });

  it('refuses the whole batch for any malformed line, naming the line but quoting none of it', () => {
    const good = stepBatchLine(1, body('a'));
    const cases: Array<[string, RegExp]> = [
      ['', /no steps/],
      ['\n\n', /no steps/],
      [`${good}{"step":2,"request":{"apiKey":"sk-secret"`, /line 2 .*not valid JSON/],
      [`${good}{"step":0,"request":{}}\n`, /line 2 .*step number/],
      [`${good}{"step":1.5,"request":{}}\n`, /line 2 .*step number/],
      [`${good}{"step":2147483648,"request":{}}\n`, /line 2 .*step number/],
      [`${good}{"step":2,"request":[]}\n`, /line 2 .*request/],
      [`${good}{"step":2}\n`, /line 2 .*request/],
      [`${good}[1,2]\n`, /line 2 .*step number/],
      [`${good}${good}`, /step 1 twice/],
    ];
    for (const [text, message] of cases) {
      const parsed = parseStepBatch(text, limits);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) {
        expect(parsed.message).toMatch(message);
        expect(parsed.message).not.toContain('sk-secret');
      }
    }
  });

  it('holds each step to the limit of a step, counted in UTF-8 bytes', () => {
    const line = (text: string) => stepBatchLine(1, JSON.stringify({ text }));
    const overhead = new TextEncoder().encode(line('')).byteLength - 1;
    // Three bytes a character: within the limit in characters, over it in bytes.
    expect(parseStepBatch(line('€'.repeat(Math.floor((1024 - overhead) / 3))), limits).ok).toBe(true);
    expect(parseStepBatch(line('€'.repeat(Math.floor((1024 - overhead) / 3) + 1)), limits)).toMatchObject({ ok: false, message: expect.stringMatching(/line 1 .*exceeds the limit of 1024 bytes/) });
    // Surrogate pairs: four bytes each.
    expect(parseStepBatch(line('🙂'.repeat(Math.floor((1024 - overhead) / 4) + 1)), limits).ok).toBe(false);
  });

  it('holds a batch to its number of steps', () => {
    const lines = (count: number) => Array.from({ length: count }, (_, index) => stepBatchLine(index + 1, '{}')).join('');
    expect(parseStepBatch(lines(MAX_STEPS_PER_BATCH), limits)).toMatchObject({ ok: true });
    expect(parseStepBatch(lines(MAX_STEPS_PER_BATCH + 1), limits)).toMatchObject({ ok: false, message: `A batch holds at most ${MAX_STEPS_PER_BATCH} steps.` });
  });
});
