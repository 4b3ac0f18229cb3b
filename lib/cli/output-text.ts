/** A run's output as stdout shows it: text as it is, a value as indented JSON; always one final newline. */
export function outputText(output: unknown): string {
  const text = typeof output === 'string' ? output : JSON.stringify(output, null, 2) ?? '';
  return text.endsWith('\n') ? text : `${text}\n`;
}
