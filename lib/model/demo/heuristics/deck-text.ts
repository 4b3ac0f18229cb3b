/**
 * A pitch deck as the demo model receives it: the extracted-text part the
 * runtime builds for models without native PDF reading ("Extracted text of
 * input/x.pdf (7 pages):" then "--- page N ---" before each page). The
 * heuristics work on its pages and sentences; nothing here is invented.
 */
import { capText, DEMO_LIMITS } from '@/lib/model/demo/input-limits';

export interface DeckPage {
  number: number;
  /** The first line of the page: on a slide, its title. */
  title: string;
  /** Sentences of the page after the title, line wraps joined. */
  sentences: string[];
}

export interface DeckText {
  /** The project-relative path named in the header. */
  path: string;
  /** The deck's first line (its title slide), else the file name. */
  company: string;
  pages: DeckPage[];
}

const HEADER_PREFIX = 'Extracted text of ';
/** Anchored and applied to one bounded slice of a line: the header is found by indexOf, never by a search. */
const HEADER_REST = /^(.+?) \((\d{1,6}) pages?\):/;
const PAGE_MARKER = /^--- page (\d{1,6}) ---$/;
/** Slide footers such as "Tidewater Robotics - 3/7" say nothing about the company. */
const FOOTER = /^.{1,80} [-–] \d{1,4}\s{0,3}\/\s{0,3}\d{1,4}$/;
const MAX_FOOTER_LENGTH = 100;

interface Header {
  path: string;
  /** Index just after the header. */
  end: number;
}

/** The first header at or after `from`: each candidate costs at most one bounded line slice. */
function findHeader(text: string, from = 0): Header | null {
  let index = text.indexOf(HEADER_PREFIX, from);
  while (index !== -1) {
    const start = index + HEADER_PREFIX.length;
    const lineEnd = text.indexOf('\n', start);
    const limit = Math.min(lineEnd === -1 ? text.length : lineEnd, start + DEMO_LIMITS.pathCharacters + 20);
    const match = HEADER_REST.exec(text.slice(start, limit));
    if (match !== null) return { path: match[1]!, end: start + match[0].length };
    index = text.indexOf(HEADER_PREFIX, start);
  }
  return null;
}

/**
 * Splits on sentence ends followed by a capital or a digit; keeps "1.2 million"
 * together. A sentence is cut at DEMO_LIMITS.sentenceCharacters: the heuristics
 * test each sentence with many patterns, so no sentence may be unbounded.
 */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?]) (?=[A-Z0-9"“])/)
    .map((sentence) => capText(sentence.trim(), DEMO_LIMITS.sentenceCharacters))
    .filter((sentence) => sentence.length > 0);
}

/** "tidewater-robotics.pdf" → "Tidewater Robotics". */
export function companyFromFileName(path: string): string {
  const base = path.split('/').pop()?.replace(/\.[^.]+$/, '') ?? path;
  return base
    .split(/[-_\s]+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

function isFooter(line: string): boolean {
  return line.length <= MAX_FOOTER_LENGTH && FOOTER.test(line);
}

/** The first extracted deck in the text, or null when there is none (pages and sentences capped). */
export function parseExtractedDeck(text: string): DeckText | null {
  const header = findHeader(text);
  if (header === null) return null;
  const path = header.path;
  // A second attachment ends this deck.
  const next = findHeader(text, header.end);
  const rest = text.slice(header.end, next === null ? text.length : next.end).split('\n');
  if (next !== null) rest.pop();
  const pages: DeckPage[] = [];
  let sentenceCount = 0;
  let current: { number: number; lines: string[] } | null = null;
  const flush = () => {
    if (current === null || sentenceCount >= DEMO_LIMITS.deckSentences) return;
    const lines = current.lines.map((line) => line.trim()).filter((line) => line !== '' && !isFooter(line));
    const [title = '', ...body] = lines[0] === '(no extractable text on this page)' ? [] : lines;
    const sentences = splitSentences(body.join(' ')).slice(0, DEMO_LIMITS.deckSentences - sentenceCount);
    sentenceCount += sentences.length;
    pages.push({ number: current.number, title: capText(title, DEMO_LIMITS.sentenceCharacters), sentences });
  };
  for (const line of rest) {
    if (pages.length >= DEMO_LIMITS.deckPages) break;
    const marker = PAGE_MARKER.exec(line.trim());
    if (marker !== null) {
      flush();
      current = { number: Number(marker[1]), lines: [] };
    } else if (current !== null) {
      current.lines.push(line);
    }
  }
  flush();
  const company = pages.find((page) => page.title !== '')?.title ?? companyFromFileName(path);
  return { path, company, pages };
}

/** Every sentence of the deck with the page it is on (titles excluded). */
export function deckSentences(deck: DeckText): { page: number; text: string }[] {
  return deck.pages.flatMap((page) => page.sentences.map((text) => ({ page: page.number, text })));
}
