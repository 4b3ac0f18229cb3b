import { Agent, request as relayRequest, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';

/**
 * The requests that are not the API, relayed to the pages' server: Next in a
 * process of its own (pages-server.ts; server.ts says why). The request goes
 * on as it came (method, target, headers, the body streamed), the answer comes
 * back as it is sent, at the pace the client reads. Only the hop-by-hop headers
 * stay behind: they describe one connection, not the request. A client that
 * leaves ends the relayed request; a pages' server that fails before it answers
 * gets the client a 502.
 */
export type RelayToPages = (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>;

/** Headers about one connection (RFC 9110, 7.6.1), which a relay neither forwards nor returns. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** The headers without the hop-by-hop ones, and without those the Connection header names as such. */
export function endToEndHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const dropped = new Set(HOP_BY_HOP);
  const connection = headers.connection;
  if (typeof connection === 'string') for (const name of connection.split(',')) dropped.add(name.trim().toLowerCase());
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !dropped.has(name)) kept[name] = value;
  return kept;
}

function answerWithText(outgoing: ServerResponse, status: number, body: string): void {
  outgoing.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  outgoing.end(body);
}

const badGateway = (outgoing: ServerResponse) => answerWithText(outgoing, 502, 'The page server did not answer.\n');
const badRequest = (outgoing: ServerResponse) => answerWithText(outgoing, 400, 'This request cannot be relayed to the page server.\n');

/** A relay to the pages' server listening on `socketPath` (a Unix socket, or a named pipe on Windows). */
export function createPageServerRelay(socketPath: string): { relay: RelayToPages; close(): void } {
  // Connections kept between requests: the pages' server keeps them too (pages-server.ts), so a
  // kept connection is not closed under a request about to use it.
  const agent = new Agent({ keepAlive: true, maxFreeSockets: 32 });
  const relay: RelayToPages = (incoming, outgoing) =>
    new Promise((resolve) => {
      let relayed: ClientRequest;
      try {
        relayed = relayRequest({ socketPath, agent, method: incoming.method, path: incoming.url, headers: endToEndHeaders(incoming.headers) });
      } catch {
        // A target or header Node's client will not send (its server is more lenient): not a page's.
        badRequest(outgoing);
        resolve();
        return;
      }
      relayed.on('response', (answer) => {
        if (outgoing.destroyed) {
          answer.destroy();
          resolve();
          return;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEndHeaders(answer.headers));
        // Ends both: when the answer is sent, or when either side fails or goes (the relayed connection is then not reused).
        pipeline(answer, outgoing, () => resolve());
      });
      relayed.on('error', () => {
        if (!outgoing.headersSent && !outgoing.destroyed) badGateway(outgoing);
        else outgoing.destroy();
        resolve();
      });
      // The client went away before its answer was sent: the relayed request ends with it.
      outgoing.once('close', () => {
        if (!outgoing.writableFinished) relayed.destroy();
      });
      // pipe, not pipeline: a relayed request that fails must not take the client's connection with it
      // before its 502 is written.
      incoming.pipe(relayed);
    });
  return { relay, close: () => agent.destroy() };
}
