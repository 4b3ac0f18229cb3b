/**
 * How many model steps the page may have in flight to its own server at once.
 *
 * Over HTTP/1.x a request holds a whole connection until its answer ends, and
 * browsers open at most six connections to one server (Chromium, Firefox and
 * Safari alike). A seventh step would wait inside the browser, where the run
 * tree cannot see it, and so would every script chunk, PDF or model list the
 * page asks for meanwhile, for as long as a model takes to answer. So over
 * HTTP/1.x the loop keeps its steps to five and says when one waits for a
 * connection; the sixth stays free for the page. HTTP/2 and HTTP/3 carry many
 * requests on one connection: no limit of ours then.
 */
export const BROWSER_CONNECTIONS_PER_SERVER = 6;
export const CONNECTIONS_KEPT_FOR_THE_PAGE = 1;

/**
 * Beside a step stream (step-stream.ts) over HTTP/1.x: its long response holds
 * one connection and the short POSTs of the steps on it need one more, so four
 * steps may hold a connection each; the page sends a step alone on its own
 * request up to that, and steps sent together (one POST for all of them,
 * lib/model/protocol/step-batch.ts) or beyond it on the stream.
 */
export const PLAIN_STEPS_BESIDE_A_STREAM = BROWSER_CONNECTIONS_PER_SERVER - 2;

/** Protocols that multiplex requests over one connection (the ALPN names a navigation entry reports). */
const MULTIPLEXED = /^(h2|h2c|h3|h3-\d+|quic)$/i;

/**
 * The limit for steps sent over `protocol` (PerformanceNavigationTiming's
 * nextHopProtocol for the page's own origin), or undefined for none. An
 * unknown or empty protocol counts as HTTP/1.1: wrongly limiting a multiplexed
 * connection costs some width, wrongly not limiting HTTP/1.1 stalls the page.
 */
export function stepConnectionBudget(protocol: string | undefined): number | undefined {
  if (protocol !== undefined && MULTIPLEXED.test(protocol.trim())) return undefined;
  return BROWSER_CONNECTIONS_PER_SERVER - CONNECTIONS_KEPT_FOR_THE_PAGE;
}
