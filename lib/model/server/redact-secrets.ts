import 'server-only';
/**
 * Removes secrets from text that may be shown to a user or written to a log.
 * Provider error messages sometimes echo (parts of) the key that was sent, so
 * every message that leaves the proxy passes through here.
 */
const KEY_LIKE_PATTERNS: readonly RegExp[] = [
  /sk-[A-Za-z0-9_*.-]{8,}/g, // OpenAI / Anthropic style keys, including masked echoes
  /AIza[0-9A-Za-z_-]{10,}/g, // Google API keys
  /Bearer\s+[A-Za-z0-9._~+/=-]{8,}/gi,
];

export const REDACTED = '[redacted]';

export function redactSecrets(text: string, secrets: ReadonlyArray<string | undefined> = []): string {
  let result = text;
  for (const secret of secrets) {
    // Very short "secrets" would redact ordinary words; real keys are long.
    if (secret && secret.length >= 4) result = result.split(secret).join(REDACTED);
  }
  for (const pattern of KEY_LIKE_PATTERNS) result = result.replace(pattern, REDACTED);
  return result;
}
