/** Small deterministic text utilities the playbooks share. */

export function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word.length > 0);
}

export function firstSentence(text: string, maxLength = 160): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
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

/** Sandbox-looking paths mentioned in the text (e.g. `input/deck.pdf`). */
export function mentionedPaths(text: string): string[] {
  const found = text.match(/(?:[\w.-]+\/)*[\w-][\w.-]*\.[A-Za-z0-9]{1,8}\b/g) ?? [];
  return [...new Set(found.filter((path) => !/^\d+(\.\d+)*$/.test(path)))];
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

/** Splits text into small chunks so the UI visibly streams. */
export function streamingChunks(text: string, wordsPerChunk = 3): string[] {
  const pieces = text.match(/\S+\s*|\s+/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < pieces.length; index += wordsPerChunk) {
    chunks.push(pieces.slice(index, index + wordsPerChunk).join(''));
  }
  return chunks;
}
