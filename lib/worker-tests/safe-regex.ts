import { compileLinearRegex, linearRegexProblem } from '@/lib/text/linear-regex';

/**
 * Regular expressions in test files come from project files, which may come from anyone
 * (a shared link, a zip). JavaScript's own engine backtracks, and a pattern like
 * `(a+)+$` (or `[]|^(a+)+$`, which slipped past a hand-written shape check) takes
 * exponential time on a short input — enough to freeze the tab. So patterns never run on
 * it: they run on a linear-time engine (lib/text/linear-regex.ts, RE2), whatever their
 * shape. A pattern is refused, with a reason, when it
 * - is longer than MAX_PATTERN_LENGTH, or has a flag other than `imsu`;
 * - is not a valid JavaScript regular expression (the syntax test files are written in);
 * - uses what a linear-time engine cannot run: backreferences, lookahead, lookbehind.
 * Both are found by parsing the pattern as JavaScript does, not by scanning its text.
 * The text matched is capped at MAX_REGEX_TEXT_LENGTH, and the browser still runs each
 * match in a Web Worker it ends after a time limit (browser-regex-matcher.ts), so even a
 * large linear match never holds the page. Documented in docs/worker-tests.md.
 */

export const MAX_PATTERN_LENGTH = 500;
export const MAX_REGEX_TEXT_LENGTH = 100_000;
export const ALLOWED_REGEX_FLAGS = 'imsu';

/** Null when the pattern and flags may run on untrusted input; otherwise why not, in one sentence. */
export function regexProblem(pattern: string, flags: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `the pattern is longer than ${MAX_PATTERN_LENGTH} characters`;
  const unknownFlag = [...flags].find((flag) => !ALLOWED_REGEX_FLAGS.includes(flag));
  if (unknownFlag !== undefined) return `the flag "${unknownFlag}" is not allowed (use any of "${ALLOWED_REGEX_FLAGS}")`;
  if (new Set(flags).size !== flags.length) return 'a flag is repeated';
  const problem = linearRegexProblem(pattern, flags);
  if (problem === null) return null;
  return problem.kind === 'syntax'
    ? `it is not a valid regular expression (${problem.message})`
    : `${problem.message}, which a linear-time regex engine cannot run (backreferences, lookahead and lookbehind are not supported)`;
}

export type RegexMatchResult = { matched: boolean } | { error: string };

/** Runs a match; the browser's runs in a Web Worker with a time limit (browser-regex-matcher.ts). */
export type RegexMatcher = (pattern: string, flags: string, text: string) => Promise<RegexMatchResult>;

/** One match on the linear-time engine, on text cut to MAX_REGEX_TEXT_LENGTH; only for patterns regexProblem accepted. */
export function matchLinear(pattern: string, flags: string, text: string): boolean {
  return compileLinearRegex(pattern, flags).test(text.slice(0, MAX_REGEX_TEXT_LENGTH));
}

/** Matches in this thread. Used where there is no Web Worker (tests, Node). */
export const inProcessRegexMatcher: RegexMatcher = async (pattern, flags, text) => {
  const problem = regexProblem(pattern, flags);
  if (problem !== null) return { error: `The regex /${pattern}/ was not run: ${problem}.` };
  return { matched: matchLinear(pattern, flags, text) };
};
