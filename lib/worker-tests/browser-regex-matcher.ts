import { inProcessRegexMatcher, MAX_REGEX_TEXT_LENGTH, regexProblem, type RegexMatcher, type RegexMatchResult } from './safe-regex';

/**
 * The browser's regex matcher for test checks: each match runs in a Web Worker, and one
 * that takes longer than REGEX_TIME_LIMIT_MS ends the worker (the next match starts a
 * fresh one) and fails its check, so no pattern from a project file can stall the tab.
 * Patterns regexProblem refuses never run at all. Matches run one at a time. Browser
 * only; where there is no Worker (Node, tests) it falls back to matching in process.
 */
export const REGEX_TIME_LIMIT_MS = 2000;
/** Loading the worker's script is not matching: it gets its own, generous limit. */
export const REGEX_WORKER_START_LIMIT_MS = 20_000;

interface StartedWorker {
  worker: Worker;
  /** Resolves when the worker has loaded and listens; false when it failed or took too long. */
  ready: Promise<boolean>;
}

let started: StartedWorker | null = null;
let nextId = 0;
let queue: Promise<unknown> = Promise.resolve();

/** new Worker(new URL(…, import.meta.url)) with a local entry file is the form Turbopack bundles. */
function startWorker(): StartedWorker {
  const worker = new Worker(new URL('./regex-worker.ts', import.meta.url), { type: 'module', name: 'test-regex' });
  const ready = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), REGEX_WORKER_START_LIMIT_MS);
    const onMessage = (event: MessageEvent<{ ready?: boolean }>) => {
      if (event.data.ready !== true) return;
      clearTimeout(timer);
      worker.removeEventListener('message', onMessage);
      resolve(true);
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', () => resolve(false), { once: true });
  });
  return { worker, ready };
}

function endWorker(ended: StartedWorker): void {
  ended.worker.terminate();
  if (started === ended) started = null;
}

async function matchInWorker(pattern: string, flags: string, text: string): Promise<RegexMatchResult> {
  const current = (started ??= startWorker());
  if (!(await current.ready)) {
    endWorker(current);
    return { error: `The regex /${pattern}/ could not run: its worker did not start.` };
  }
  const running = current.worker;
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
      endWorker(current);
      finish({ error: `The regex /${pattern}/ could not run: its worker failed.` });
    };
    const timer = setTimeout(() => {
      endWorker(current);
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
