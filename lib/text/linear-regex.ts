import { RegExpValidator } from '@eslint-community/regexpp';
import { RE2JS } from 're2js';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * Regular expressions that come from files or models (test-case `regex`
 * checks, JSON Schema `pattern` and `patternProperties`) never run on
 * JavaScript's backtracking engine: they run on RE2 (re2js, a JavaScript
 * port), where matching takes time linear in the text whatever the pattern,
 * so `(a+)+$`, `[]|^(a+)+$` or `(\w+\s?)+$` cannot freeze the page.
 *
 * A pattern is written in JavaScript syntax. It is first parsed as JavaScript
 * does (@eslint-community/regexpp), so what RE2 would read differently is
 * refused rather than silently changed: backreferences (`\1`, `\k<name>`) and
 * lookahead/lookbehind, which no linear-time engine runs. Then it is
 * translated to RE2's syntax and compiled.
 *
 * Known differences from JavaScript's engine, all in how characters are
 * classified: `\s` is ASCII whitespace only, and `.` (without `s`) also
 * matches `\r`, U+2028 and U+2029. Matching is by code point, as with `u`.
 */
export interface LinearRegex {
  test(text: string): boolean;
  /** `/pattern/flags`, as a RegExp says it: Ajv keys its compiled patterns by this text. */
  toString(): string;
}

/** The JavaScript flags this engine understands; others (g, y, d, v) have no meaning for a yes/no match. */
export const LINEAR_REGEX_FLAGS = 'imsu';

export type LinearRegexProblem = { kind: 'syntax' | 'unsupported'; message: string };

function engineFlags(flags: string): number {
  let mask = 0;
  for (const flag of flags) {
    if (flag === 'i') mask |= RE2JS.CASE_INSENSITIVE;
    else if (flag === 'm') mask |= RE2JS.MULTILINE;
    else if (flag === 's') mask |= RE2JS.DOTALL;
    else if (flag !== 'u') throw new Error(`the flag "${flag}" is not supported (use any of "${LINEAR_REGEX_FLAGS}")`);
  }
  return mask;
}

/** What JavaScript's grammar says about the pattern: a syntax error, or the first construct RE2 cannot run. */
function javaScriptProblem(pattern: string, flags: string): LinearRegexProblem | null {
  let unsupported: string | null = null;
  const note = (what: string) => (unsupported ??= what);
  const validator = new RegExpValidator({
    onBackreference: (start, end) => note(`a backreference (${pattern.slice(start, end)} at ${start + 1})`),
    onLookaroundAssertionEnter: (start, kind) => note(`a ${kind} (at ${start + 1})`),
  });
  try {
    validator.validatePattern(pattern, 0, pattern.length, { unicode: flags.includes('u') });
  } catch (error) {
    return { kind: 'syntax', message: errorMessage(error).replace(/^Invalid regular expression: /, '') };
  }
  return unsupported === null ? null : { kind: 'unsupported', message: `it uses ${unsupported}` };
}

function compileChecked(pattern: string, flags: string): { compiled: RE2JS } | { problem: LinearRegexProblem } {
  const problem = javaScriptProblem(pattern, flags);
  if (problem !== null) return { problem };
  try {
    return { compiled: RE2JS.compile(RE2JS.translateRegExp(pattern), engineFlags(flags)) };
  } catch (error) {
    return { problem: { kind: 'unsupported', message: errorMessage(error).replace(/^error parsing regexp: /, '') } };
  }
}

/** Null when the pattern compiles for linear-time matching; otherwise why not. */
export function linearRegexProblem(pattern: string, flags = ''): LinearRegexProblem | null {
  const checked = compileChecked(pattern, flags);
  return 'problem' in checked ? checked.problem : null;
}

/** Compiles a JavaScript-syntax pattern for linear-time matching; throws with the reason when it cannot. */
export function compileLinearRegex(pattern: string, flags = ''): LinearRegex {
  const checked = compileChecked(pattern, flags);
  if ('problem' in checked) {
    const { kind, message } = checked.problem;
    throw new Error(kind === 'syntax' ? `Invalid regular expression /${pattern}/: ${message}` : `The regular expression /${pattern}/ cannot run in linear time: ${message}`);
  }
  const { compiled } = checked;
  return { test: (text) => compiled.test(text), toString: () => `/${pattern}/${flags}` };
}

/**
 * The engine as Ajv's `code.regExp` option, so every `pattern` and
 * `patternProperties` of a JSON Schema compiles here instead of with
 * `new RegExp` (Ajv passes "u" when unicodeRegExp is on, its default): a
 * pattern this engine refuses makes the schema fail to compile. `code` names
 * it for Ajv's standalone code generation, which is not used.
 */
export const ajvLinearRegExp = Object.assign((pattern: string, flags: string): LinearRegex => compileLinearRegex(pattern, flags), {
  code: 'compileLinearRegex',
});
