import { inProcessRegexMatcher, MAX_REGEX_TEXT_LENGTH, regexProblem, type RegexMatcher, type RegexMatchResult } from './safe-regex';

/**
 * The browser's regex matcher for test checks: each match runs in a Web Worker, and one
 * that takes longer than REGEX_TIME_LIMIT_MS ends the worker (the next match starts a
 * fresh one) and fails its check, so no pattern from a project file can stall the tab.
 * Patterns regexProblem refuses never run at all. Matches run one at a time. Browser
 * only; where there is no Worker (Node, tests) it falls back to matching in process.
 */
export const REGEX_TIME_LIMIT_MS = 1000;

let worker: Worker | null = null;
let nextId = 0;
let queue: Promise<unknown> = Promise.resolve();

/** new Worker(new URL(…, import.meta.url)) with a local entry file is the form Turbopack bundles. */
function startWorker(): Worker {
  return new Worker(new URL('./regex-worker.ts', import.meta.url), { type: 'module', name: 'test-regex' });
}

function matchInWorker(pattern: string, flags: string, text: string): Promise<RegexMatchResult> {
  worker ??= startWorker();
  const running = worker;
  const id = (nextId += 1);
  return new Promise((resolve) => {
    const finish = (result: RegexMatchResult) => {
      clearTimeout(timer);
      running.removeEventListener('message', onMessage);
      running.removeEventListener('error', onError);
      resolve(result);
    };
    const onMessage = (event: MessageEvent<{ id: number; matched?: boolean; error?: string }>) => {
      if (event.data.id !== id) return;
      finish(event.data.error === undefined ? { matched: event.data.matched === true } : { error: `The regex /${pattern}/ could not run: ${event.data.error}` });
    };
    const onError = () => {
      running.terminate();
      if (worker === running) worker = null;
      finish({ error: `The regex /${pattern}/ could not run: its worker failed to start.` });
    };
    const timer = setTimeout(() => {
      running.terminate();
      if (worker === running) worker = null;
      finish({ error: `The regex /${pattern}/ took longer than ${REGEX_TIME_LIMIT_MS / 1000} s on this output and was stopped.` });
    }, REGEX_TIME_LIMIT_MS);
    running.addEventListener('message', onMessage);
    running.addEventListener('error', onError);
    running.postMessage({ id, pattern, flags, text });
  });
}

export const browserRegexMatcher: RegexMatcher = (pattern, flags, text) => {
  if (typeof Worker === 'undefined') return inProcessRegexMatcher(pattern, flags, text);
  const problem = regexProblem(pattern, flags);
  if (problem !== null) return Promise.resolve({ error: `The regex /${pattern}/ was not run: ${problem}.` });
  const result = queue.then(() => matchInWorker(pattern, flags, text.slice(0, MAX_REGEX_TEXT_LENGTH)));
  queue = result.catch(() => undefined);
  return result;
};
