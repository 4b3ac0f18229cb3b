import { baseName } from '@/lib/vfs/path';

/**
 * Suffix rules are case-insensitive: "Deck.PDF" is a PDF whether the policy
 * says ".pdf" or ".PDF". An empty or missing list means "no restriction".
 */
export function matchesSuffix(path: string, suffix: string): boolean {
  return baseName(path).toLowerCase().endsWith(suffix.toLowerCase());
}

export function matchesAnySuffix(path: string, suffixes: readonly string[]): boolean {
  return suffixes.some((suffix) => matchesSuffix(path, suffix));
}

/** Lower-cased, de-duplicated, in first-seen order: what descriptions and errors show. */
export function normalizeSuffixes(suffixes: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  for (const suffix of suffixes ?? []) seen.add(suffix.toLowerCase());
  return [...seen];
}

/** ".pdf", ".pdf or .png", ".pdf, .png or .jpg". */
export function formatSuffixList(suffixes: readonly string[]): string {
  if (suffixes.length <= 1) return suffixes.join('');
  return `${suffixes.slice(0, -1).join(', ')} or ${suffixes[suffixes.length - 1]}`;
}
