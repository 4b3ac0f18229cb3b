import { DEMO_LIMITS } from '@/lib/model/demo/input-limits';

/** Small deterministic text utilities the playbooks share; each is linear in its input. */

export function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word.length > 0);
}

export function firstSentence(text: string, maxLength = 160): string {
  // Only the start can matter: a sentence longer than maxLength is cut anyway.
  const trimmed = text.trimStart().slice(0, maxLength * 8).trim().replace(/\s+/g, ' ');
  const match = /^(.+?[.!?])(\s|$)/.exec(trimmed);
  const sentence = match?.[1] ?? trimmed;
  return sentence.length > maxLength ? `${sentence.slice(0, maxLength - 1)}…` : sentence;
}

/** Quotes text as a markdown block quote, shortened so one result cannot flood the answer. */
export function quoteBlock(text: string, maxLength = 600): string {
  const shortened = text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
  return shortened
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

const PATH_TOKEN = /[\w./-]+/g;
const FILE_PATH = /^(?:[\w.-]+\/)*[\w-][\w.-]*\.[A-Za-z0-9]{1,8}$/;

/**
 * Sandbox-looking paths mentioned in the text (e.g. `input/deck.pdf`), at most
 * `limit`. Tokens are maximal runs of path characters (one linear pass); each
 * is trimmed of sentence punctuation and tested whole, only when short enough
 * to be a path, so no position of the text is scanned twice.
 */
export function mentionedPaths(text: string, limit: number = DEMO_LIMITS.directives): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(PATH_TOKEN)) {
    if (found.size >= limit) break;
    const token = match[0];
    if (token.length > DEMO_LIMITS.pathCharacters) continue;
    const path = trimPathToken(token);
    if (FILE_PATH.test(path) && !/^[\d.]+$/.test(path)) found.add(path);
  }
  return [...found];
}

/** "input/deck.pdf." → "input/deck.pdf"; "/abs/x.txt" → "abs/x.txt" (a path never starts with "/" in the sandbox). */
function trimPathToken(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && token[start] === '/') start += 1;
  while (end > start && (token[end - 1] === '.' || token[end - 1] === '/' || token[end - 1] === '-')) end -= 1;
  return token.slice(start, end);
}

/** FNV-1a: a stable short fingerprint for deterministic ids. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Most chunks one answer streams in. The AI SDK re-parses all structured
 * output so far after each chunk, so chunks × length is bounded as well:
 * a long answer streams in fewer, larger chunks (one, past a megabyte).
 */
export const MAX_STREAMING_CHUNKS = 200;
const MAX_CHUNKS_TIMES_LENGTH = 1_000_000;

/** Splits text into small chunks so the UI visibly streams. */
export function streamingChunks(text: string, wordsPerChunk = 3): string[] {
  const pieces = text.match(/\S+\s*|\s+/g) ?? [];
  const chunkCount = Math.max(1, Math.min(MAX_STREAMING_CHUNKS, Math.floor(MAX_CHUNKS_TIMES_LENGTH / Math.max(1, text.length))));
  const step = Math.max(wordsPerChunk, Math.ceil(pieces.length / chunkCount));
  const chunks: string[] = [];
  for (let index = 0; index < pieces.length; index += step) {
    chunks.push(pieces.slice(index, index + step).join(''));
  }
  return chunks;
}
