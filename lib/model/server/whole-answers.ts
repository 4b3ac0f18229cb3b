import 'server-only';

/**
 * The answers whose whole body was known when they were made (a step that
 * arrived at once: model-step-handler.ts), by their bytes. A step answered on
 * the step stream (step-session.ts) writes such an answer's head, body and end
 * as one chunk, without reading the body back through its stream: one write
 * and one read on the page's side a step instead of two.
 */
const wholeAnswers = new WeakMap<Response, Uint8Array>();

/** A response whose body is exactly `bytes`. */
export function wholeAnswer(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(bytes, init);
  wholeAnswers.set(response, bytes);
  return response;
}

/** The whole body of a response made by `wholeAnswer`, or undefined (a streamed answer, or any other). */
export function wholeBodyOf(response: Response): Uint8Array | undefined {
  return wholeAnswers.get(response);
}
