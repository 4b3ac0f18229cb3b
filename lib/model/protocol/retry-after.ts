/**
 * How long a provider asked us to wait, from its response headers.
 * `retry-after-ms` (OpenAI, Anthropic) is more precise and wins; `retry-after`
 * is seconds or an HTTP date. Anything unparsable, negative or absurd is
 * ignored rather than trusted: the caller falls back to its own backoff.
 */
export const MAX_PARSED_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

type HeaderSource = Headers | Readonly<Record<string, string | undefined>> | undefined;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers === undefined) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

/** Only plain decimal numbers: a bounded regex, linear in its input. */
const DECIMAL = /^\d{1,12}(\.\d{1,6})?$/;

export function parseRetryAfterMs(headers: HeaderSource, now: number = Date.now()): number | undefined {
  const milliseconds = header(headers, 'retry-after-ms')?.trim();
  if (milliseconds !== undefined && DECIMAL.test(milliseconds)) return clamp(Number(milliseconds));
  const value = header(headers, 'retry-after')?.trim();
  if (value === undefined || value === '' || value.length > 64) return undefined;
  if (DECIMAL.test(value)) return clamp(Number(value) * 1000);
  // An HTTP date starts with the day's name ("Sun, 22 Nov 2026 …"); Date.parse alone accepts "-3".
  if (!/^[A-Za-z]{3},/.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return clamp(Math.max(0, date - now));
}

function clamp(milliseconds: number): number | undefined {
  if (!Number.isFinite(milliseconds) || milliseconds < 0) return undefined;
  return Math.min(Math.round(milliseconds), MAX_PARSED_RETRY_AFTER_MS);
}
