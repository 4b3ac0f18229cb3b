import { describe, expect, it } from 'vitest';
import { inProcessRegexMatcher, MAX_PATTERN_LENGTH, regexProblem } from './safe-regex';

describe('regexes from project files', () => {
  it('accepts ordinary patterns', () => {
    for (const pattern of [String.raw`\*\*Verdict: (Invest|Consider)\*\*`, String.raw`^#{1,2} \w+`, String.raw`\d+/25`, '[a-z]+@[a-z]+\\.com', '(?:ab)+c', '(?<score>\\d)', 'a{2,3}(b)?', '(a)+', '[(+]*x']) {
      expect(regexProblem(pattern, 'i'), pattern).toBeNull();
    }
  });

  it('refuses the shapes of exponential backtracking and backreferences', () => {
    expect(regexProblem('(a+)+$', '')).toContain('repeats a group that holds a repetition');
    expect(regexProblem('(?:x*y?)*', '')).toContain('repeats a group that holds a repetition');
    expect(regexProblem('((a)+b)+', '')).toContain('repeats a group');
    expect(regexProblem('(a|ab)*c', '')).toContain('holds an alternation');
    expect(regexProblem('(\\w+\\s?){3,}', '')).toContain('repeats a group');
    expect(regexProblem('(a)\\1', '')).toContain('backreference');
    expect(regexProblem('(?<x>a)\\k<x>', '')).toContain('backreference');
  });

  it('refuses invalid patterns, bad flags and long patterns', () => {
    expect(regexProblem('(unclosed', '')).toContain('not a valid regular expression');
    expect(regexProblem('a', 'g')).toContain('flag "g" is not allowed');
    expect(regexProblem('a', 'ii')).toContain('repeated');
    expect(regexProblem('a'.repeat(MAX_PATTERN_LENGTH + 1), '')).toContain('longer than');
  });

  it('matches in process only what it accepts', async () => {
    expect(await inProcessRegexMatcher('verdict', 'i', 'Verdict')).toEqual({ matched: true });
    expect(await inProcessRegexMatcher('verdict', '', 'Verdict')).toEqual({ matched: false });
    const refused = await inProcessRegexMatcher('(a+)+$', '', 'aaaa!');
    expect('error' in refused && refused.error).toContain('was not run');
  });
});
