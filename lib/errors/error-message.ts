/**
 * The message of anything thrown: an Error's message, otherwise the value as
 * text. The one place this is spelled out, so every error shown to a person is
 * worded from the same source.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
