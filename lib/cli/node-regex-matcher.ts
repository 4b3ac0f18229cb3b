import { runInNewContext } from 'node:vm';
import { errorMessage } from '@/lib/errors/error-message';
import { MAX_REGEX_TEXT_LENGTH, regexProblem, type RegexMatcher } from '@/lib/worker-tests/safe-regex';

/** As long as the browser's Web Worker lets a match take (lib/worker-tests/browser-regex-matcher.ts). */
export const REGEX_TIME_LIMIT_MS = 2000;

/**
 * The regex check in Node: the same refusals as the browser (safe-regex.ts),
 * and a match that runs too long is cut off by the VM's time limit rather
 * than a Web Worker's, so a polynomial pattern cannot stall a CI job either.
 */
export const nodeRegexMatcher: RegexMatcher = async (pattern, flags, text) => {
  const problem = regexProblem(pattern, flags);
  if (problem !== null) return { error: `This regex was not run: ${problem}` };
  try {
    const matched = runInNewContext('new RegExp(pattern, flags).test(text)', { pattern, flags, text: text.slice(0, MAX_REGEX_TEXT_LENGTH) }, { timeout: REGEX_TIME_LIMIT_MS }) as boolean;
    return { matched };
  } catch (error) {
    if (/timed out/i.test(errorMessage(error))) return { error: `The regex took longer than ${REGEX_TIME_LIMIT_MS / 1000} s on this output and was stopped.` };
    return { error: `The regex could not be run: ${errorMessage(error)}` };
  }
};
