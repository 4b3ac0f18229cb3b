/**
 * "Keep both" on an upload conflict: "deck.pdf" → "deck (2).pdf", then "(3)"…,
 * the first name `isTaken` refuses. The extension stays last so the MIME type holds.
 */
export function keepBothName(name: string, isTaken: (candidate: string) => boolean): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const suffix = dot > 0 ? name.slice(dot) : '';
  for (let counter = 2; ; counter += 1) {
    const candidate = `${stem} (${counter})${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}
