/**
 * The example project's recorded pitch-deck run, served from the app's public
 * folder (written by `npm run examples:record`): a newcomer replays it in one
 * click, offline, without a key.
 */
export const EXAMPLE_RECORD_URL = '/examples/pitch-deck/recorded-run.json';
