import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** A whole answer: status, headers and the body as sent (not decompressed), for tests of the server's answerers. */
export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends one request (GET unless told) to `url` and reads the whole answer. */
export function httpGet(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}
