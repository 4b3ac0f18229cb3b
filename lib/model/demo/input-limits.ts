/**
 * Explicit caps on what the demo model reads and builds. The proxy serves the
 * demo without any key, so its request content is anyone's: every scan below
 * is linear in its input, and these caps bound the input and the output too.
 * Real workers stay far inside them (a 50-page deck is about 100 KB of text).
 */
export const DEMO_LIMITS = {
  /** Characters of the latest user message (the worker input) the demo reads. */
  inputCharacters: 256 * 1024,
  /** Characters of the system instructions the demo reads. */
  systemCharacters: 64 * 1024,
  /** Characters of one tool result the demo reads. */
  toolResultCharacters: 64 * 1024,
  /** Tools the demo considers (the first ones offered). */
  tools: 128,
  /** File directives and mentioned paths acted on from one input. */
  directives: 32,
  /** Decks the pitch-deck orchestrator evaluates from one listing. */
  decks: 100,
  /** Longest path the demo treats as a file path. */
  pathCharacters: 512,
  /** A deck's pages and sentences, and the length of one sentence the heuristics test. */
  deckPages: 300,
  deckSentences: 3000,
  sentenceCharacters: 1000,
  /** Schema instances: longest string, most array items, values built, characters built. */
  schemaStringCharacters: 4096,
  schemaArrayItems: 64,
  schemaNodes: 2000,
  schemaCharacters: 64 * 1024,
} as const;

/** The first `limit` characters, without splitting a surrogate pair. */
export function capText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const code = text.charCodeAt(limit - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit);
}
