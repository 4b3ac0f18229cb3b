import type { FileSystem } from '@/lib/vfs/file-system';
import { MAX_FILE_BYTES } from '@/lib/vfs/limits';
import { EXAMPLE_DECKS_FOLDER, EXAMPLE_DECK_FILE_NAMES, exampleDeckUrl } from '@/lib/project/example-decks';
import { exampleProjectFiles } from '@/lib/project/example-project';

/** The shipped example's project name: the Runs panel offers its recorded run there. */
export { EXAMPLE_PROJECT_NAME } from '@/lib/project/example-project-name';
import { createProject, type ProjectFileData } from '@/lib/project/projects';
import { trustProject } from '../share/trust-store';
import { relativeJoin } from './project-folders';
import { errorMessage } from '@/lib/errors/error-message';

/**
 * The pitch-deck example with its sample decks in input/. The decks are
 * fetched from the app's own public folder rather than bundled (PDFs are
 * binary and large next to the project's text files), all before the project
 * is created, which then happens in one step: a reload mid-way never leaves a
 * half-made example. A deck that cannot be fetched is reported, never fatal:
 * the project is created without it.
 */

/** Fetches one deck's bytes; the browser's fetch by default, a stub in tests. */
export type DeckFetcher = (url: string) => Promise<Uint8Array>;

export interface DeckSeedResult {
  /** Project-relative paths of the decks added, e.g. "input/tidewater-robotics.pdf". */
  written: string[];
  /** Decks left out, with the reason, in list order. */
  failed: Array<{ fileName: string; reason: string }>;
}

export const browserDeckFetcher: DeckFetcher = async (url) => {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
};


/** A PDF starts with "%PDF-"; anything else (an HTML error page served with 200) is refused. */
function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';
}

/** The decks that could be fetched, and why the others could not. */
export interface FetchedDecks {
  files: ProjectFileData[];
  failed: DeckSeedResult['failed'];
}

/** Every sample deck, fetched together; the result keeps the list's order. Never rejects: a deck that fails is listed. */
export async function fetchExampleDecks(fetchDeck: DeckFetcher = browserDeckFetcher): Promise<FetchedDecks> {
  const fetched = await Promise.all(
    EXAMPLE_DECK_FILE_NAMES.map(async (fileName) => {
      try {
        const bytes = await fetchDeck(exampleDeckUrl(fileName));
        if (!isPdf(bytes)) return { fileName, error: 'the server did not send a PDF' };
        if (bytes.byteLength > MAX_FILE_BYTES) return { fileName, error: 'the file is too large' };
        return { fileName, bytes };
      } catch (error) {
        return { fileName, error: errorMessage(error) };
      }
    }),
  );
  const files: FetchedDecks['files'] = [];
  const failed: FetchedDecks['failed'] = [];
  for (const deck of fetched) {
    if (deck.bytes === undefined) failed.push({ fileName: deck.fileName, reason: deck.error });
    else files.push({ path: relativeJoin(EXAMPLE_DECKS_FOLDER, deck.fileName), data: deck.bytes });
  }
  return { files, failed };
}

/**
 * A fresh copy of the example under `name`, decks included. The name must be
 * free: createProject refuses an existing project, so nothing is overwritten.
 */
export async function createExampleProject(fileSystem: FileSystem, name: string, fetchDeck: DeckFetcher = browserDeckFetcher): Promise<DeckSeedResult> {
  return createExampleProjectWith(fileSystem, name, await fetchExampleDecks(fetchDeck));
}

/** The same, with decks fetched beforehand (a first visit fetches them while storage opens). */
export async function createExampleProjectWith(fileSystem: FileSystem, name: string, decks: FetchedDecks): Promise<DeckSeedResult> {
  await createProject(fileSystem, name, [...exampleProjectFiles(), ...decks.files]);
  // The shipped example is created here, not imported: it is trusted (it pre-approves its own report writes).
  trustProject(name);
  return { written: decks.files.map((file) => file.path), failed: decks.failed };
}

/** The notice for decks that could not be added; null when all of them were. */
export function deckSeedProblem(project: string, result: DeckSeedResult): string | null {
  if (result.failed.length === 0) return null;
  const list = result.failed.map((failure) => `${failure.fileName} (${failure.reason})`).join(', ');
  const count = result.failed.length === 1 ? 'One sample deck' : `${result.failed.length} sample decks`;
  return (
    `${count} could not be added to "${project}": ${list}. The project is there without ` +
    `${result.failed.length === 1 ? 'it' : 'them'}; upload your own PDFs to ${EXAMPLE_DECKS_FOLDER}/, or use ` +
    `"Restore pitch-deck example" to try again.`
  );
}
