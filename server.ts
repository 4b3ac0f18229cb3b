import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_ROUTES } from '@/app/api/api-routes';
import { answerApiRequest, claimsForApi } from '@/lib/http/api-front-door';
import { startPagesProcess } from '@/lib/http/pages-process';
import { createPrerenderedPage } from '@/lib/http/prerendered-page';
import { createStaticAssets } from '@/lib/http/static-assets';
import { installConnectionGuard } from '@/lib/model/server/connection-guard';

/**
 * The production server (`npm start`; built by scripts/build-server.mjs into
 * the build's folder): the API (the model proxy above all), the prerendered
 * page and the build's static files are answered here, and every other request
 * is relayed to Next, which serves the pages in a process of its own
 * (pages-server.ts). Through
 * Next's router a model step
 * cost 3–6 ms more CPU (lib/http/api-front-door.ts); with Next merely loaded
 * in the same process, about half a millisecond more (pages-server.ts says why).
 * Options as `next start`'s: `-p/--port` (or PORT, default 3000) and
 * `-H/--hostname` (or HOSTNAME, default every interface).
 */
function options(argv: readonly string[]): { port: number; hostname: string | undefined } {
  const { values } = parseArgs({ args: [...argv], options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } } });
  const portText = values.port ?? process.env.PORT ?? '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`The port must be a whole number from 0 to 65535, not "${portText}".`);
  return { port, hostname: values.hostname ?? process.env.HOSTNAME };
}

async function main(): Promise<void> {
  const { port, hostname } = options(process.argv.slice(2));
  // As `next start` does: Next and React choose their production code by it.
  Object.assign(process.env, { NODE_ENV: 'production' });
  // The API's routes run in this module graph, not Next's: the guard (socket address stamp, header and
  // body deadlines) is installed before the first connection, as instrumentation.ts does for Next's.
  installConnectionGuard(process.env);
  // Compiled beside this file (scripts/build-server.mjs).
  const pages = await startPagesProcess(path.join(__dirname, 'workerbench-pages-server.cjs'), { hostname, port });

  // The build's scripts and style sheets: answered here, compressed once (static-assets.ts says why).
  const staticAssets = createStaticAssets(path.join(__dirname, 'static'));
  // The IDE's page itself, prerendered by the build: answered here from memory (prerendered-page.ts says why).
  const page = await createPrerenderedPage(__dirname);

  let origin = '';
  let stopping = false;
  const server = createServer((incoming, outgoing) => {
    const answered = claimsForApi(incoming.url ?? '/')
      ? answerApiRequest(API_ROUTES, { incoming, outgoing }, origin)
      : page.answer(incoming, outgoing)
        ? Promise.resolve()
        : staticAssets.answer(incoming, outgoing).then((served) => (served ? undefined : pages.relay(incoming, outgoing)));
    answered.catch((error: unknown) => {
      console.error(`[workerbench] ${incoming.method ?? 'GET'} ${incoming.url ?? ''} failed:`, error);
      if (!outgoing.headersSent) outgoing.writeHead(500);
      outgoing.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, resolve);
  }).catch(async (error: unknown) => {
    await pages.stop();
    throw error;
  });
  // Without its pages the server is not whole: it stops, so whatever runs it can start it again.
  void pages.exited.then(({ code, signal }) => {
    if (stopping) return;
    console.error(`error: the page server stopped (${signal ?? `exit code ${code}`}); stopping.`);
    process.exit(1);
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${shownHost}:${address.port}`;
  console.log(`Workerbench ready on http://${hostname ?? 'localhost'}:${address.port}`);

  const stop = () => {
    stopping = true;
    server.close();
    server.closeAllConnections();
    void pages.stop().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
