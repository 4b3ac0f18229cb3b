import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createSecureServer, constants, type IncomingHttpHeaders } from 'node:http2';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A stand-in for how the IDE is deployed: TLS with HTTP/2 in front of
 * `next start`, which speaks HTTP/1.1 only. Browsers speak HTTP/2 over TLS
 * only, so a bench that wants the page's requests multiplexed needs this
 * front: a self-signed certificate (openssl, made for the run; start Chromium
 * with --ignore-certificate-errors) and every stream passed on to the origin
 * server as one HTTP/1.1 request, headers and body streamed both ways.
 */
export interface Http2Front {
  /** e.g. https://127.0.0.1:41234 */
  baseUrl: string;
  close(): Promise<void>;
}

/** Connection-level headers HTTP/1.1 uses and HTTP/2 forbids (RFC 9113, 8.2.2). */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(path.join(tmpdir(), 'workerbench-h2-'));
  try {
    const key = path.join(folder, 'key.pem');
    const cert = path.join(folder, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], {
      stdio: 'ignore',
    });
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function http1Headers(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(':') || value === undefined || CONNECTION_HEADERS.has(name)) continue;
    result[name] = value;
  }
  // The origin checks Host against the page's Origin: the front is transparent to both.
  result.host = String(headers[constants.HTTP2_HEADER_AUTHORITY] ?? '');
  return result;
}

export async function startHttp2Front(origin: string): Promise<Http2Front> {
  const target = new URL(origin);
  const server = createSecureServer({ ...selfSignedCertificate(), allowHTTP1: false });
  server.on('stream', (stream, headers) => {
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: String(headers[constants.HTTP2_HEADER_METHOD]), path: String(headers[constants.HTTP2_HEADER_PATH]), headers: http1Headers(headers) },
      (answer) => {
        const responseHeaders: Record<string, string | string[] | number> = { [constants.HTTP2_HEADER_STATUS]: answer.statusCode ?? 502 };
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !CONNECTION_HEADERS.has(name)) responseHeaders[name] = value;
        if (stream.destroyed) return answer.resume();
        stream.respond(responseHeaders);
        answer.pipe(stream);
      },
    );
    upstream.on('error', () => {
      if (!stream.headersSent && !stream.destroyed) stream.respond({ [constants.HTTP2_HEADER_STATUS]: 502 });
      stream.end();
    });
    stream.on('close', () => upstream.destroy());
    stream.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Fail here, not in the browser, when the front does not speak HTTP/2.
  const session = connect(baseUrl, { rejectUnauthorized: false });
  await new Promise<void>((resolve, reject) => {
    session.once('connect', () => resolve());
    session.once('error', reject);
  });
  session.close();
  return {
    baseUrl,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Open sessions (the browser's) would keep the server from closing.
        setTimeout(resolve, 500).unref();
      }),
  };
}
