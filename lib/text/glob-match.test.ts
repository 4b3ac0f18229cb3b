import { describe, expect, it } from 'vitest';
import { matchesPathGlob, matchesWildcard } from '@/lib/text/glob-match';

describe('matchesPathGlob', () => {
  it.each([
    ['input/deck.pdf', 'input/*.pdf', true],
    ['input/sub/deck.pdf', 'input/*.pdf', false],
    ['input/deck.PDF', 'input/*.pdf', false],
    ['input/sub/deck.pdf', 'input/**/*.pdf', true],
    ['input/deck.pdf', 'input/**/*.pdf', true],
    ['deck.pdf', '**/*.pdf', true],
    ['a/b/c.md', '**', true],
    ['report1.md', 'report?.md', true],
    ['report12.md', 'report?.md', false],
    ['a+b (1).txt', 'a+b (1).txt', true],
    ['axb.txt', 'a.b.txt', false],
    ['notes.txt', '*.md', false],
  ])('%s ~ %s → %s', (path, pattern, expected) => {
    expect(matchesPathGlob(path, pattern)).toBe(expected);
  });
});

describe('matchesWildcard (model ids)', () => {
  it.each([
    ['anthropic:claude-sonnet-4-5', 'anthropic:*', true],
    ['openai:gpt-4.1-mini', 'openai:gpt-4.1*', true],
    ['openai:gpt-4o', 'openai:gpt-4.1*', false],
    ['openai:gpt-4x1', 'openai:gpt-4.1*', false],
    ['ollama:library/llama3', 'ollama:*', true],
    ['demo:scripted', '*', true],
    ['anthropic:claude', 'anthropic:claude', true],
  ])('%s ~ %s → %s', (model, pattern, expected) => {
    expect(matchesWildcard(model, pattern)).toBe(expected);
  });
});

describe('patterns from a model', () => {
  it('match in time linear in path × pattern, however many wildcards (no backtracking blow-up)', () => {
    // With a backtracking regular expression this pair takes hours; the model chooses list_files patterns.
    const path = `input/${'a'.repeat(200)}.txt`;
    expect(matchesPathGlob(path, `input/${'*a'.repeat(20)}*b.txt`)).toBe(false);
    expect(matchesPathGlob(path, `**/${'*a'.repeat(20)}*.txt`)).toBe(true);
    expect(matchesWildcard('x'.repeat(300), `${'*x'.repeat(30)}*y`)).toBe(false);
  });

  it('keep the documented semantics of **/, * and ? at the edges', () => {
    expect(matchesPathGlob('a/b/c.md', 'a/**/c.md')).toBe(true);
    expect(matchesPathGlob('a/c.md', 'a/**/c.md')).toBe(true);
    expect(matchesPathGlob('ab/c.md', 'a**/c.md')).toBe(true);
    expect(matchesPathGlob('a/b', '*')).toBe(false);
    expect(matchesPathGlob('', '*')).toBe(true);
    expect(matchesPathGlob('a/', 'a?')).toBe(false);
    expect(matchesPathGlob('line\nbreak', 'line*break')).toBe(true);
    expect(matchesWildcard('a/b', 'a?b')).toBe(true);
  });
});
