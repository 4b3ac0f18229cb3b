/**
 * How well a palette entry matches what the person typed, 0 (hidden) to 1, for cmdk's `filter`.
 * cmdk's own scoring matches letters scattered anywhere ("main" found "Compare models" before the
 * file main.worker); here every typed word must appear as typed, and entries whose name starts
 * with, or holds, the whole text come first, then those whose name holds every word, then those
 * matched through their other words (keywords, group).
 */
export function paletteMatchScore(value: string, search: string, keywords: readonly string[] = []): number {
  const typed = search.trim().toLowerCase();
  if (typed === '') return 1;
  const name = value.toLowerCase();
  if (name.startsWith(typed)) return 1;
  if (name.includes(` ${typed}`) || name.includes(`/${typed}`)) return 0.9;
  if (name.includes(typed)) return 0.8;
  const words = typed.split(/\s+/);
  if (words.every((word) => name.includes(word))) return 0.6;
  const everything = `${name} ${keywords.join(' ').toLowerCase()}`;
  return words.every((word) => everything.includes(word)) ? 0.3 : 0;
}
