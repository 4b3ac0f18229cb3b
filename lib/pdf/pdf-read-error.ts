import { errorMessage } from '@/lib/errors/error-message';
/** "input/deck.pdf is not a readable PDF: <reason>" — the one way a bad PDF is reported. */
export class PdfReadError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path} is not a readable PDF: ${reason}`);
    this.name = 'PdfReadError';
  }
}

/** pdf.js error names and messages, turned into reasons a person can act on. */
export function describePdfJsError(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const message = errorMessage(error);
  if (name === 'PasswordException') return 'it is password-protected';
  if (name === 'InvalidPDFException') return `the file is damaged or not a PDF (${message.replace(/\.$/, '')})`;
  return message.replace(/\.$/, '') || 'pdf.js could not open it';
}
