import { errorMessage } from '@/lib/errors/error-message';
/**
 * Regular expressions in test files come from project files, which may come from anyone
 * (a shared link, a zip). JavaScript regexes backtrack, and a pattern like `(a+)+$` takes
 * exponential time on a short input — enough to freeze the tab. So a pattern is refused,
 * with a reason, when it
 * - does not compile, or is longer than MAX_PATTERN_LENGTH;
 * - uses a backreference (`\1`, `\k<name>`), which no linear-time engine supports;
 * - repeats a group (`*`, `+`, `{n,}`, `{n,m}`) that itself holds a quantifier or an
 *   alternation (`(a+)+`, `(a|ab)*`) — the shapes of exponential backtracking.
 * What remains can still be slow polynomially (`.*.*.*x`), so the text matched is capped at
 * MAX_REGEX_TEXT_LENGTH, and the browser runs every match in a Web Worker it ends after a
 * time limit (browser-regex-matcher.ts). Documented in docs/worker-tests.md.
 */

export const MAX_PATTERN_LENGTH = 500;
export const MAX_REGEX_TEXT_LENGTH = 100_000;
export const ALLOWED_REGEX_FLAGS = 'imsu';

interface GroupFrame {
  /** The group holds a quantifier or a quantified group. */
  quantified: boolean;
  alternation: boolean;
}

/** Length of the quantifier at `index` ("*", "+", "?", "{2}", "{2,}", "{2,5}"), 0 when there is none. */
function quantifierAt(pattern: string, index: number): { length: number; repeats: boolean } {
  const char = pattern[index];
  if (char === '*' || char === '+') return { length: lazySuffix(pattern, index + 1, 1), repeats: true };
  if (char === '?') return { length: lazySuffix(pattern, index + 1, 1), repeats: false };
  if (char !== '{') return { length: 0, repeats: false };
  const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index));
  if (match === null) return { length: 0, repeats: false };
  const upper = match[2] === undefined ? Number(match[1]) : match[3] === '' ? Infinity : Number(match[3]);
  return { length: lazySuffix(pattern, index + match[0].length, match[0].length), repeats: upper > 1 };
}

function lazySuffix(pattern: string, next: number, length: number): number {
  return pattern[next] === '?' ? length + 1 : length;
}

/** The length of a group's opening: "(", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?<name>". */
function groupOpeningLength(pattern: string, index: number): number {
  const rest = pattern.slice(index, index + 40);
  const named = /^\(\?<[A-Za-z_$][\w$]*>/.exec(rest);
  if (named !== null) return named[0].length;
  const special = /^\(\?(?::|=|!|<=|<!)/.exec(rest);
  return special === null ? 1 : special[0].length;
}

/** Why the pattern is unsafe to run on untrusted input; null when it is accepted. */
function unsafeShape(pattern: string): string | null {
  const frames: GroupFrame[] = [{ quantified: false, alternation: false }];
  let index = 0;
  while (index < pattern.length) {
    const char = pattern[index]!;
    const frame = frames[frames.length - 1]!;
    if (char === '\\') {
      const next = pattern[index + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return 'it uses a backreference, which can take exponential time';
      index += 2;
      index += markQuantified(frame, quantifierAt(pattern, index).length);
      continue;
    }
    if (char === '[') {
      // A character class: skip to its unescaped closing bracket.
      index += 1;
      if (pattern[index] === ']') index += 1;
      while (index < pattern.length && pattern[index] !== ']') index += pattern[index] === '\\' ? 2 : 1;
      index += 1;
      index += markQuantified(frame, quantifierAt(pattern, index).length);
      continue;
    }
    if (char === '(') {
      frames.push({ quantified: false, alternation: false });
      index += groupOpeningLength(pattern, index);
      continue;
    }
    if (char === ')') {
      const group = frames.length > 1 ? frames.pop()! : { quantified: false, alternation: false };
      const parent = frames[frames.length - 1]!;
      index += 1;
      const quantifier = quantifierAt(pattern, index);
      if (quantifier.repeats && (group.quantified || group.alternation)) {
        return group.quantified
          ? 'it repeats a group that holds a repetition, like (a+)+, which can take exponential time'
          : 'it repeats a group that holds an alternation, like (a|ab)*, which can take exponential time';
      }
      if (group.quantified || quantifier.length > 0) parent.quantified = true;
      index += quantifier.length;
      continue;
    }
    if (char === '|') {
      frame.alternation = true;
      index += 1;
      continue;
    }
    index += 1;
    index += markQuantified(frame, quantifierAt(pattern, index).length);
  }
  return null;
}

function markQuantified(frame: GroupFrame, quantifierLength: number): number {
  if (quantifierLength > 0) frame.quantified = true;
  return quantifierLength;
}

/** Null when the pattern and flags may run on untrusted input; otherwise why not, in one sentence. */
export function regexProblem(pattern: string, flags: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `the pattern is longer than ${MAX_PATTERN_LENGTH} characters`;
  const unknownFlag = [...flags].find((flag) => !ALLOWED_REGEX_FLAGS.includes(flag));
  if (unknownFlag !== undefined) return `the flag "${unknownFlag}" is not allowed (use any of "${ALLOWED_REGEX_FLAGS}")`;
  if (new Set(flags).size !== flags.length) return 'a flag is repeated';
  try {
    new RegExp(pattern, flags);
  } catch (error) {
    return `it is not a valid regular expression (${errorMessage(error)})`;
  }
  const shape = unsafeShape(pattern);
  return shape === null ? null : `it is refused because ${shape}; rewrite it without nested repetition or backreferences`;
}

export type RegexMatchResult = { matched: boolean } | { error: string };

/** Runs a match; the browser's runs in a Web Worker with a time limit (browser-regex-matcher.ts). */
export type RegexMatcher = (pattern: string, flags: string, text: string) => Promise<RegexMatchResult>;

/**
 * Matches in this thread: only for patterns regexProblem accepted, on text cut to
 * MAX_REGEX_TEXT_LENGTH. Used where there is no Web Worker (tests, Node).
 */
export const inProcessRegexMatcher: RegexMatcher = async (pattern, flags, text) => {
  const problem = regexProblem(pattern, flags);
  if (problem !== null) return { error: `The regex /${pattern}/ was not run: ${problem}.` };
  return { matched: new RegExp(pattern, flags).test(text.slice(0, MAX_REGEX_TEXT_LENGTH)) };
};
