// Entry of the Web Worker that runs test-case regexes (browser-regex-matcher.ts) on the
// linear-time engine: a long match blocks this worker, never the page, and the page ends
// it after a time limit.
import { errorMessage } from '@/lib/errors/error-message';
import { matchLinear } from './safe-regex';
interface MatchRequest {
  id: number;
  pattern: string;
  flags: string;
  text: string;
}

const scope = globalThis as unknown as { onmessage: ((event: MessageEvent<MatchRequest>) => void) | null; postMessage: (data: unknown) => void };

scope.onmessage = (event) => {
  const { id, pattern, flags, text } = event.data;
  try {
    scope.postMessage({ id, matched: matchLinear(pattern, flags, text) });
  } catch (error) {
    scope.postMessage({ id, error: errorMessage(error) });
  }
};

// Loaded and listening: the page starts the time limit of a match only from here.
scope.postMessage({ ready: true });
