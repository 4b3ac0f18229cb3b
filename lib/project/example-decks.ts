/**
 * The sample pitch decks the example project ships with: one list for the app
 * (which fetches them into input/ when it seeds the example), the generator
 * script (scripts/generate-sample-decks.ts writes exactly these files, checked
 * by example-project.test.ts) and the tests.
 */
export const EXAMPLE_DECK_FILE_NAMES = ['tidewater-robotics.pdf', 'lumen-ledger.pdf', 'orbit-snacks.pdf'] as const;

/** Where Next serves them from (public/examples/pitch-deck/input/). */
export const EXAMPLE_DECKS_URL_PATH = '/examples/pitch-deck/input';

/** The project folder the decks go into. */
export const EXAMPLE_DECKS_FOLDER = 'input';

export function exampleDeckUrl(fileName: string): string {
  return `${EXAMPLE_DECKS_URL_PATH}/${encodeURIComponent(fileName)}`;
}
