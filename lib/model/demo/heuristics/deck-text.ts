/**
 * A pitch deck as the demo model receives it: the extracted-text part the
 * runtime builds for models without native PDF reading ("Extracted text of
 * input/x.pdf (7 pages):" then "--- page N ---" before each page). The
 * heuristics work on its pages and sentences; nothing here is invented.
 */
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

const HEADER = /Extracted text of (.+?) \((\d+) pages?\):/;
const PAGE_MARKER = /^--- page (\d+) ---$/;
/** Slide footers such as "Tidewater Robotics - 3/7" say nothing about the company. */
const FOOTER = /^.{1,80} [-–] \d+\s*\/\s*\d+$/;

/** Splits on sentence ends followed by a capital or a digit; keeps "1.2 million" together. */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/)
    .map((sentence) => sentence.trim())
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

/** The first extracted deck in the text, or null when there is none. */
export function parseExtractedDeck(text: string): DeckText | null {
  const header = HEADER.exec(text);
  if (header === null) return null;
  const path = header[1]!;
  const rest = text.slice(header.index + header[0].length).split('\n');
  const pages: DeckPage[] = [];
  let current: { number: number; lines: string[] } | null = null;
  const flush = () => {
    if (current === null) return;
    const lines = current.lines.map((line) => line.trim()).filter((line) => line !== '' && !FOOTER.test(line));
    const [title = '', ...body] = lines[0] === '(no extractable text on this page)' ? [] : lines;
    pages.push({ number: current.number, title, sentences: splitSentences(body.join(' ')) });
  };
  for (const line of rest) {
    // A second attachment ends this deck.
    if (HEADER.test(line)) break;
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
