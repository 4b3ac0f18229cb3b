import { describe, expect, it } from 'vitest';
import { entryArgsInputText } from '@/lib/project/llm-do-manifest';

describe('entryArgsInputText', () => {
  it("shows llm-do's {input} as its text and anything richer as JSON", () => {
    expect(entryArgsInputText(undefined)).toBeUndefined();
    expect(entryArgsInputText({ input: 'Evaluate the decks.' })).toBe('Evaluate the decks.');
    expect(entryArgsInputText({ input: 'x', attachments: ['input/a.pdf'] })).toBe('{\n  "input": "x",\n  "attachments": [\n    "input/a.pdf"\n  ]\n}');
  });
});
