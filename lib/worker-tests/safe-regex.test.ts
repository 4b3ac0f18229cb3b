import { describe, expect, it } from 'vitest';
import { inProcessRegexMatcher, MAX_PATTERN_LENGTH, MAX_REGEX_TEXT_LENGTH, regexProblem } from './safe-regex';

/**
 * Classic catastrophic-backtracking patterns, with the inputs that make a backtracking
 * engine blow up (a run of the repeated character, then one that fails the match). The
 * first two passed the hand-written shape check this engine replaced.
 */
const REDOS_CORPUS: ReadonlyArray<{ pattern: string; flags?: string; attack: (length: number) => string }> = [
  { pattern: '[]|^(a+)+$', attack: (n) => `${'a'.repeat(n)}!` },
  { pattern: String.raw`[]|(\w+\s?)+$`, attack: (n) => `${'a'.repeat(n)}!` },
  { pattern: '(a+)+$', attack: (n) => `${'a'.repeat(n)}!` },
  { pattern: '(a|aa)+$', attack: (n) => `${'a'.repeat(n)}!` },
  { pattern: '(a|a?)+$', attack: (n) => `${'a'.repeat(n)}!` },
  { pattern: '(.*a){12}', attack: (n) => 'a'.repeat(n) },
  { pattern: '^(([a-z])+.)+[A-Z]([a-z])+$', attack: (n) => `${'a'.repeat(n)}!` },
  { pattern: String.raw`^(\w+\s?)*$`, attack: (n) => `${'word '.repeat(n)}!` },
  { pattern: String.raw`^([a-zA-Z0-9])(([\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$`, attack: (n) => `${'a'.repeat(n)}!` },
  { pattern: String.raw`(x+x+)+y`, attack: (n) => 'x'.repeat(n) },
  { pattern: String.raw`\s*#?\s*$`, attack: (n) => `${' '.repeat(n)}x` },
  { pattern: '(?:a|b|ab)*c', flags: 'i', attack: (n) => 'ab'.repeat(n) },
];

/**
 * Generous on purpose (a slow CI machine, a cold engine): a backtracking engine takes
 * seconds at 28 characters for the first patterns and hours at the full text cap.
 */
const HANG_GUARD_MS = 1500;

function timed(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

describe('regexes from project files', () => {
  it('accepts ordinary patterns', () => {
    for (const pattern of [String.raw`\*\*Verdict: (Invest|Consider)\*\*`, String.raw`^#{1,2} \w+`, String.raw`\d+/25`, '[a-z]+@[a-z]+\\.com', '(?:ab)+c', '(?<score>\\d)', 'a{2,3}(b)?', '(a)+', '[(+]*x']) {
      expect(regexProblem(pattern, 'i'), pattern).toBeNull();
    }
  });

  it('accepts nested repetition, because no pattern can backtrack on the linear-time engine', () => {
    for (const { pattern, flags } of REDOS_CORPUS) expect(regexProblem(pattern, flags ?? ''), pattern).toBeNull();
  });

  it('runs every classic ReDoS pattern in linear time, on short attacks and at the text cap', async () => {
    for (const { pattern, flags = '', attack } of REDOS_CORPUS) {
      for (const text of [attack(28), attack(MAX_REGEX_TEXT_LENGTH)]) {
        let result: Awaited<ReturnType<typeof inProcessRegexMatcher>> | undefined;
        const elapsed = timed(() => {
          void inProcessRegexMatcher(pattern, flags, text).then((value) => (result = value));
        });
        await Promise.resolve();
        expect(result, pattern).toBeDefined();
        expect('matched' in result!, pattern).toBe(true);
        expect(elapsed, `${pattern} on ${text.length} characters`).toBeLessThan(HANG_GUARD_MS);
      }
    }
  });

  it('still answers like JavaScript on what it accepts', async () => {
    const cases: Array<[string, string, string, boolean]> = [
      ['verdict', 'i', 'Verdict', true],
      ['verdict', '', 'Verdict', false],
      ['^b$', 'm', 'a\nb\nc', true],
      ['^b$', '', 'a\nb\nc', false],
      ['a.c', 's', 'a\nc', true],
      ['a.c', '', 'a\nc', false],
      ['[]|a', '', 'a', true],
      [String.raw`\*\*Total\*\* \| \*\*2[0-5]/25\*\*`, '', '| **Total** | **21/25** |', true],
      [String.raw`(?<score>\d)/5`, '', '4/5', true],
      [String.raw`\bcat\b`, '', 'concatenate', false],
    ];
    for (const [pattern, flags, text, matched] of cases) {
      expect(new RegExp(pattern, flags).test(text), `JavaScript: /${pattern}/${flags}`).toBe(matched);
      expect(await inProcessRegexMatcher(pattern, flags, text), `/${pattern}/${flags}`).toEqual({ matched });
    }
  });

  it('refuses backreferences and lookaround, which no linear-time engine runs', () => {
    for (const pattern of ['(a)\\1', '(?<x>a)\\k<x>', '(?=a)a', '(?!a)b', '(?<=a)b', '(?<!a)b']) {
      expect(regexProblem(pattern, ''), pattern).toMatch(/^it uses a (backreference|lookahead|lookbehind) .*, which a linear-time regex engine cannot run/);
    }
  });

  it('refuses invalid patterns, bad flags and long patterns', () => {
    expect(regexProblem('(unclosed', '')).toContain('not a valid regular expression');
    // RE2 syntax that JavaScript does not have: test files are written in JavaScript's.
    expect(regexProblem('(?P<name>a)', '')).toContain('not a valid regular expression');
    expect(regexProblem('a', 'g')).toContain('flag "g" is not allowed');
    expect(regexProblem('a', 'ii')).toContain('repeated');
    expect(regexProblem('a'.repeat(MAX_PATTERN_LENGTH + 1), '')).toContain('longer than');
  });

  it('matches in process only what it accepts', async () => {
    const refused = await inProcessRegexMatcher('(a)\\1', '', 'aa');
    expect('error' in refused && refused.error).toContain('was not run');
  });
});
